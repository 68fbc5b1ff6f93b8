import type { HelpView } from '@chatflow/contract';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { embedUrl, safeVideoCode } from './youtube';

/** The embedded player (spec 3 §2 "Help videos"): Escape, the backdrop or the close button close it. */
export function HelpVideoModal({ open, help, onClose }: { open: boolean; help: HelpView | null; onClose(): void }) {
  const { t } = useTranslation();
  // The player leaves the page as soon as the modal closes, so the sound stops with it.
  const code = open && help ? safeVideoCode(help.video) : null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="help-video-title">
      <DialogTitle id="help-video-title" sx={{ pr: 6 }}>
        {help?.title}
        <IconButton aria-label={t('helps.buttons.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {code ? (
          <Box sx={{ position: 'relative', pt: '56.25%', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden' }}>
            <Box
              component="iframe"
              src={embedUrl(code)}
              title={help?.title ?? ''}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
        ) : (
          <Typography color="text.secondary">{t('helps.noVideo')}</Typography>
        )}
        {help?.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{help.description}</Typography>}
      </DialogContent>
    </Dialog>
  );
}

import type { AnnouncementView } from '@chatflow/contract';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { priorityColor } from '../priority';

/** The detail of an announcement (spec 1 §2.8): title, image, text and a "Fechar" button. */
export function AnnouncementDialog({ announcement, onClose }: { announcement: AnnouncementView; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="announcement-dialog-title" data-testid="announcement-dialog">
      <DialogTitle id="announcement-dialog-title" sx={{ borderLeft: 6, borderColor: priorityColor(announcement.priority) }}>
        {announcement.title}
        <Typography variant="caption" color="text.secondary" component="div">
          {formatDate(announcement.createdAt)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {announcement.mediaPath && (
          <Box
            component="img"
            src={announcement.mediaPath}
            alt={announcement.mediaName ?? announcement.title}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, mx: 'auto', mb: 2, borderRadius: 1 }}
          />
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{announcement.text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="announcement-close">
          {t('announcements.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

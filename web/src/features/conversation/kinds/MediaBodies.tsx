import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Dialog, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextBody } from './TextBody';

export function ImageBody({ src, caption, sticker = false }: { src: string; caption: string; sticker?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('conversation.kinds.openImage')}
        sx={{ p: 0, border: 0, background: 'none', cursor: 'zoom-in', display: 'block' }}
      >
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          sx={{ display: 'block', maxWidth: sticker ? 160 : 300, maxHeight: 300, borderRadius: 1, objectFit: 'cover' }}
        />
      </Box>
      <TextBody text={caption} />
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" data-testid="image-preview">
        <Box
          component="img"
          src={src}
          alt=""
          onClick={() => setOpen(false)}
          sx={{ display: 'block', maxWidth: '90vw', maxHeight: '90vh' }}
        />
      </Dialog>
    </>
  );
}

export function VideoBody({ src, caption }: { src: string; caption: string }) {
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: customer videos come without captions */}
      <video controls preload="metadata" src={src} style={{ maxWidth: 300, maxHeight: 300, borderRadius: 4, display: 'block' }} />
      <TextBody text={caption} />
    </>
  );
}

export function DocumentBody({ src, name, caption }: { src: string; name: string | null; caption: string }) {
  const { t } = useTranslation();
  const fileName = name || decodeURIComponent(src.split('/').pop() ?? '') || t('conversation.kinds.document');
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <DescriptionIcon color="action" />
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {fileName}
        </Typography>
      </Box>
      <Button size="small" startIcon={<DownloadIcon />} href={src} download={fileName} target="_blank" rel="noopener noreferrer">
        {t('conversation.kinds.download')}
      </Button>
      <TextBody text={caption} />
    </Box>
  );
}

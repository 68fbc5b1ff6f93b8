import CloseIcon from '@mui/icons-material/Close';
import ShortcutIcon from '@mui/icons-material/Shortcut';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

/** Shown while messages are being picked for forwarding. */
export function SelectionBar({ count, onForward, onCancel }: { count: number; onForward(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const forward = () => (count === 0 ? notify(t('conversation.forward.noneSelected'), 'error', 2000) : onForward());
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <IconButton size="small" onClick={onCancel} aria-label={t('common.cancel')}>
        <CloseIcon />
      </IconButton>
      <Typography sx={{ flex: 1 }}>{t('conversation.forward.selected', { count })}</Typography>
      <Button variant="contained" startIcon={<ShortcutIcon />} onClick={forward} data-testid="forward-selected">
        {t('conversation.options.forward')}
      </Button>
    </Box>
  );
}

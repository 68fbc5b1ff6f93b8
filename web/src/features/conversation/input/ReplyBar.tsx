import type { MessageView } from '@chatflow/contract';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QuotedPreview } from '../messages/QuotedPreview';

/** The message being answered, above the input, until sent or dismissed. */
export function ReplyBar({ message, onClose }: { message: MessageView; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1 }} data-testid="reply-bar">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotedPreview
          quoted={{
            id: message.id,
            body: message.body,
            fromMe: message.fromMe,
            mediaType: message.mediaType,
            mediaUrl: message.mediaUrl,
            contact: message.contact,
          }}
        />
      </Box>
      <IconButton size="small" onClick={onClose} aria-label={t('common.cancel')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HeadsetIcon from '@mui/icons-material/Headset';
import { useTranslation } from 'react-i18next';

/** Read marks are blue, as in WhatsApp. */
const READ_BLUE = '#34b7f1';
const sx = { fontSize: 16, verticalAlign: 'middle' } as const;

/**
 * Acknowledgement of an outgoing message (spec 1 §2.6): 0 clock, 1 sent, 2 delivered, 3/4 read, 5 played;
 * a message the network refused for good (`sendError`) shows a red mark saying why.
 */
export function AckIcon({ ack, sendError }: { ack: number; sendError?: string | null }) {
  const { t } = useTranslation();
  if (sendError) {
    const why = t(`backendErrors.${sendError}`, { defaultValue: t('backendErrors.ERR_SENDING_WAPP_MSG') });
    return (
      <ErrorOutlineIcon
        data-testid="ack-failed"
        titleAccess={`${t('conversation.ack.failed')}: ${why}`}
        sx={{ ...sx, color: 'error.main' }}
      />
    );
  }
  const common = { 'data-testid': `ack-${ack}`, titleAccess: t(`conversation.ack.${Math.min(Math.max(ack, 0), 5)}`) };
  if (ack <= 0) return <AccessTimeIcon {...common} sx={{ ...sx, color: 'text.disabled' }} />;
  if (ack === 1) return <DoneIcon {...common} sx={{ ...sx, color: 'text.secondary' }} />;
  if (ack === 2) return <DoneAllIcon {...common} sx={{ ...sx, color: 'text.secondary' }} />;
  if (ack === 3 || ack === 4) return <DoneAllIcon {...common} sx={{ ...sx, color: READ_BLUE }} />;
  return <HeadsetIcon {...common} sx={{ ...sx, color: READ_BLUE }} />;
}

import type { ConnectionView } from '@chatflow/contract';
import { Button, CircularProgress, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SessionAction } from '../hooks/use-connections';

interface Props {
  connection: ConnectionView;
  busy: boolean;
  onAction(action: SessionAction, connection: ConnectionView): void;
  onShowQr(connection: ConnectionView): void;
}

/**
 * The session column (spec 2 §4): OPENING shows a disabled button with a spinner; qrcode opens the
 * QR dialog; CONNECTED, PAIRING and TIMEOUT offer to disconnect; DISCONNECTED offers "try again"
 * and "new QR".
 */
export function SessionActions({ connection, busy, onAction, onShowQr }: Props) {
  const { t } = useTranslation();
  const small = { size: 'small', variant: 'outlined', disabled: busy } as const;
  switch (connection.status) {
    case 'OPENING':
      return (
        <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} />}>
          {t('connections.actions.connecting')}
        </Button>
      );
    case 'qrcode':
      return (
        <Button size="small" variant="contained" onClick={() => onShowQr(connection)} data-testid="show-qr">
          {t('connections.actions.qrcode')}
        </Button>
      );
    case 'DISCONNECTED':
      return (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button {...small} onClick={() => onAction('start', connection)} data-testid="try-again">
            {t('connections.actions.tryAgain')}
          </Button>
          <Button {...small} onClick={() => onAction('newQr', connection)} data-testid="new-qr">
            {t('connections.actions.newQr')}
          </Button>
        </Stack>
      );
    default:
      return (
        <Button {...small} color="error" onClick={() => onAction('disconnect', connection)} data-testid="disconnect">
          {t('connections.actions.disconnect')}
        </Button>
      );
  }
}

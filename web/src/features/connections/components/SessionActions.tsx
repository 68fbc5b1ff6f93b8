import type { ConnectionView } from '@chatflow/contract';
import { Button, CircularProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionAction } from '../hooks/use-connections';

interface Props {
  connection: ConnectionView;
  busy: boolean;
  onAction(action: SessionAction, connection: ConnectionView): void;
  onShowQr(connection: ConnectionView): void;
}

/** statusImportMessages once an import ended and its tickets wait to be closed (spec 2 §4). */
const CLOSE_TICKETS_PENDING = 'renderButtonCloseTickets';
/** An import that started this recently shows "preparing" (spec 2 §4: 35 seconds). */
const PREPARING_MS = 35_000;

/** The import's state as statusImportMessages tells it: the close button, "preparing", or nothing. */
export function importStage(c: ConnectionView, now = Date.now()): 'closeTickets' | 'preparing' | null {
  if (c.statusImportMessages === CLOSE_TICKETS_PENDING) return 'closeTickets';
  const started = Number(c.statusImportMessages);
  if (c.statusImportMessages !== '' && Number.isFinite(started) && now - started <= PREPARING_MS) return 'preparing';
  return null;
}

/**
 * The session column (spec 2 §4). WhatsApp (a phone's session): OPENING shows a disabled button with
 * a spinner; qrcode opens the QR dialog; CONNECTED, PAIRING and TIMEOUT offer to disconnect;
 * DISCONNECTED offers "try again" and "new QR". The Meta channels (Cloud API, Facebook, Instagram)
 * have no session to pair or end: only "try again" while they are not connected. A connected phone
 * whose import of old messages ended offers to close the imported tickets, or shows "preparing"
 * while the import starts.
 */
export function SessionActions({ connection, busy, onAction, onShowQr }: Props) {
  const { t } = useTranslation();
  const small = { size: 'small', variant: 'outlined', disabled: busy } as const;
  const tryAgain = (
    <Button key="try-again" {...small} onClick={() => onAction('start', connection)} data-testid="try-again">
      {t('connections.actions.tryAgain')}
    </Button>
  );
  if (connection.channel !== 'whatsapp') return connection.status === 'CONNECTED' ? null : tryAgain;

  const stage = connection.status === 'CONNECTED' ? importStage(connection) : null;
  const importButton =
    stage === 'closeTickets' ? (
      <Button
        key="close-imported"
        {...small}
        color="secondary"
        onClick={() => onAction('closeImported', connection)}
        data-testid="close-imported"
      >
        {t('connections.actions.closeImported')}
      </Button>
    ) : stage === 'preparing' ? (
      <Button
        key="preparing"
        size="small"
        variant="outlined"
        disabled
        startIcon={<CircularProgress size={14} />}
        data-testid="import-preparing"
      >
        {t('connections.actions.preparingImport')}
      </Button>
    ) : null;

  let actions: ReactNode[];
  switch (connection.status) {
    case 'OPENING':
      actions = [
        <Button key="opening" size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} />}>
          {t('connections.actions.connecting')}
        </Button>,
      ];
      break;
    case 'qrcode':
      actions = [
        <Button key="qr" size="small" variant="contained" onClick={() => onShowQr(connection)} data-testid="show-qr">
          {t('connections.actions.qrcode')}
        </Button>,
      ];
      break;
    case 'DISCONNECTED':
      actions = [
        tryAgain,
        <Button key="new-qr" {...small} onClick={() => onAction('newQr', connection)} data-testid="new-qr">
          {t('connections.actions.newQr')}
        </Button>,
      ];
      break;
    default:
      actions = [
        <Button key="disconnect" {...small} color="error" onClick={() => onAction('disconnect', connection)} data-testid="disconnect">
          {t('connections.actions.disconnect')}
        </Button>,
      ];
  }
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'nowrap', whiteSpace: 'nowrap' }}>
      {actions}
      {importButton}
    </Stack>
  );
}

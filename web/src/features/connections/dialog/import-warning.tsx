import type { ConnectionView } from '@chatflow/contract';
import CloseIcon from '@mui/icons-material/Close';
import { IconButton } from '@mui/material';
import type { TFunction } from 'i18next';
import { closeSnackbar, enqueueSnackbar } from 'notistack';
import type { ConnectionFormValues } from './connection-form';

/**
 * Whether saving makes the connected phone pair again (spec 2 §4): an import range was set or changed
 * on a connected WhatsApp Web connection. WhatsApp sends a phone's history only to a newly paired
 * device, so the session is deleted and the user scans a new QR code.
 */
export function importNeedsNewLogin(connection: ConnectionView | null, values: ConnectionFormValues): connection is ConnectionView {
  return (
    connection !== null &&
    connection.channel === 'whatsapp' &&
    connection.provider === 'beta' &&
    connection.status === 'CONNECTED' &&
    Boolean(values.importOldMessages) &&
    (values.importOldMessages !== connection.importOldMessages || values.importRecentMessages !== connection.importRecentMessages)
  );
}

/** The warning that stays open until the user closes it. */
export function warnImportNeedsNewLogin(t: TFunction) {
  enqueueSnackbar(t('connections.import.editWarning'), {
    variant: 'warning',
    persist: true,
    action: (id) => (
      <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={() => closeSnackbar(id)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    ),
  });
}

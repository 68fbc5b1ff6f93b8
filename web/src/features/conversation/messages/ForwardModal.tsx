import type { ContactView } from '@chatflow/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { forwardMessages } from '../hooks/use-message-actions';
import { readSignature } from '../input/signature';
import { ContactPicker } from './ContactPicker';

interface Props {
  open: boolean;
  messageIds: number[];
  onClose(): void;
  onDone(): void;
}

/** Choose the contacts to forward the selected messages to; sends them one by one. */
export function ForwardModal({ open, messageIds, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [contacts, setContacts] = useState<ContactView[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      await forwardMessages(
        messageIds,
        contacts.map((c) => c.id),
        readSignature(),
      );
      notify(t('conversation.forward.done'), 'success');
      setContacts([]);
      onDone();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('conversation.forward.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('conversation.forward.count', { count: messageIds.length })}
        </Typography>
        <ContactPicker multiple value={contacts} onChange={setContacts} label={t('conversation.forward.contacts')} />
        {busy && <LinearProgress sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || contacts.length === 0} data-testid="forward-send">
          {t('conversation.forward.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import type { ContactView } from '@chatflow/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPicker } from '../messages/ContactPicker';

interface Props {
  open: boolean;
  busy: boolean;
  onSend(contact: { name: string; number: string }): void;
  onClose(): void;
}

/** Pick one of the company's contacts and send it as a contact card (vCard). */
export function SendContactModal({ open, busy, onSend, onClose }: Props) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactView | null>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setContact(null) } }}
    >
      <DialogTitle>{t('conversation.sendContact.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <ContactPicker multiple={false} value={contact} onChange={setContact} label={t('conversation.sendContact.contact')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !contact}
          data-testid="send-contact"
          onClick={() => contact && onSend({ name: contact.name, number: contact.number })}
        >
          {t('conversation.input.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

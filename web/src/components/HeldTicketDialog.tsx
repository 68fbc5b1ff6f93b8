import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldTicket } from '../lib/held-ticket';

/** "Ticket already open": the ticket is someone else's, so it names the holder and the queue. */
export function HeldTicketDialog({ held, onClose }: { held: HeldTicket | null; onClose(): void }) {
  const { t } = useTranslation();
  // The names stay while the dialog fades out after `held` is cleared.
  const last = useRef(held);
  if (held) last.current = held;
  const shown = last.current;
  return (
    <Dialog open={!!held} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="held-ticket-title">
      <DialogTitle id="held-ticket-title">{t('tickets.held.title')}</DialogTitle>
      <DialogContent data-testid="held-ticket">
        <DialogContentText>{t('tickets.held.user', { user: shown?.userName || '-' })}</DialogContentText>
        <DialogContentText>{t('tickets.held.queue', { queue: shown?.queueName || t('tickets.list.noQueue') })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('tickets.held.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

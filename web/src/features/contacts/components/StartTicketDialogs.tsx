import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartTicketFlow } from '../hooks/use-start-ticket';

/** The queue choice before a ticket starts, and the "ticket already open" notice naming its holder. */
export function StartTicketDialogs({ flow }: { flow: StartTicketFlow }) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState<number | ''>('');
  const contact = flow.choosing;

  return (
    <>
      <Dialog
        open={!!contact}
        onClose={flow.pending ? undefined : flow.cancel}
        maxWidth="xs"
        fullWidth
        aria-labelledby="start-ticket-title"
        slotProps={{ transition: { onExited: () => setQueueId('') } }}
      >
        <DialogTitle id="start-ticket-title">{t('contacts.startTicket.title', { name: contact?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            label={t('contacts.startTicket.queue')}
            value={queueId}
            sx={{ mt: 1 }}
            onChange={(e) => setQueueId(Number(e.target.value))}
            slotProps={{ htmlInput: { 'data-testid': 'start-ticket-queue' } }}
          >
            {flow.queues.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={flow.cancel} disabled={flow.pending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={queueId === '' || flow.pending}
            data-testid="start-ticket-confirm"
            startIcon={flow.pending ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => contact && queueId !== '' && flow.create(contact, queueId)}
          >
            {t('contacts.startTicket.start')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={!!flow.held} onClose={flow.closeHeld} maxWidth="xs" fullWidth aria-labelledby="ticket-held-title">
        <DialogTitle id="ticket-held-title">{t('contacts.startTicket.heldTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="ticket-held-text">
            {t(flow.held?.user ? 'contacts.startTicket.heldText' : 'contacts.startTicket.waitingText', {
              user: flow.held?.user?.name ?? '',
              queue: flow.held?.queue?.name ?? t('contacts.startTicket.noQueue'),
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={flow.closeHeld} autoFocus>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

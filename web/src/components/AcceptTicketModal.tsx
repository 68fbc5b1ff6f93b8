import type { QueueRef } from '@chatflow/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueueDot } from './QueueDot';

interface Props {
  open: boolean;
  queues: QueueRef[];
  busy: boolean;
  onAccept(queueId: number): void;
  onClose(): void;
}

/** Accepting a waiting ticket that has no queue: the user picks one first (spec 1 §4.1, §5). */
export function AcceptTicketModal({ open, queues, busy, onAccept, onClose }: Props) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState<number | ''>('');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="accept-ticket-title"
      slotProps={{ transition: { onExited: () => setQueueId('') } }}
    >
      <DialogTitle id="accept-ticket-title">{t('tickets.acceptModal.title')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('tickets.acceptModal.queue')}
          value={queueId}
          data-testid="accept-queue"
          onChange={(e) => setQueueId(Number(e.target.value))}
        >
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              <QueueDot color={q.color} />
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('tickets.acceptModal.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || queueId === ''}
          data-testid="accept-start"
          onClick={() => queueId !== '' && onAccept(queueId)}
        >
          {t('tickets.acceptModal.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

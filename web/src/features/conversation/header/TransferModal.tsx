import type { TicketUpdateInput, TicketView } from '@chatflow/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../../queues';
import { useUserList } from '../../../lib/lookups';
import { QueueDot } from '../../../components/QueueDot';

interface Props {
  open: boolean;
  ticket: TicketView;
  busy: boolean;
  onTransfer(body: TicketUpdateInput): void;
  onClose(): void;
}

/**
 * Transfer (spec 1 §4.1): a queue is required; a user is optional (open, or group for groups, when
 * chosen, else the ticket waits in the queue); an optional message goes to the customer.
 */
export function TransferModal({ open, ticket, busy, onTransfer, onClose }: Props) {
  const { t } = useTranslation();
  const queues = useQueues();
  const users = useUserList(open);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [userId, setUserId] = useState<number | ''>('');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  // With a queue chosen, only its members are offered: a user outside it would not see the ticket.
  const candidates = (users.data ?? []).filter((u) => queueId === '' || u.profile === 'admin' || u.queues.some((q) => q.id === queueId));

  const submit = () => {
    setTouched(true);
    if (queueId === '') return;
    const toUser = userId === '' ? null : userId;
    onTransfer({
      queueId,
      userId: toUser,
      status: toUser ? (ticket.isGroup ? 'group' : 'open') : 'pending',
      isTransfered: true,
      msgTransfer: message.trim() || undefined,
    });
  };
  const reset = () => {
    setQueueId('');
    setUserId('');
    setMessage('');
    setTouched(false);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" slotProps={{ transition: { onExited: reset } }}>
      <DialogTitle>{t('conversation.transfer.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('conversation.transfer.queue')}
            value={queueId}
            data-testid="transfer-queue"
            error={touched && queueId === ''}
            helperText={touched && queueId === '' ? t('conversation.transfer.queueRequired') : undefined}
            onChange={(e) => {
              setQueueId(Number(e.target.value));
              setUserId('');
            }}
          >
            {(queues.data ?? []).map((q) => (
              <MenuItem key={q.id} value={q.id}>
                <QueueDot color={q.color} />
                {q.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('conversation.transfer.user')}
            value={userId}
            onChange={(e) => setUserId(e.target.value === '' ? '' : Number(e.target.value))}
            data-testid="transfer-user"
          >
            <MenuItem value="">
              <em>{t('conversation.transfer.noUser')}</em>
            </MenuItem>
            {candidates.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('conversation.transfer.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} data-testid="transfer-confirm">
          {t('conversation.transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField } from '@mui/material';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { useQueues } from '../../../queues';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { TicketForm } from './node-forms';

/** Ticket node: the queue the ticket moves to ("Adicione uma fila" when none is chosen). Keeps {id, name} of the queue. */
export function TicketDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const queues = useQueues();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<{ queueId: number | '' }>({
    resolver: zodResolver(TicketForm) as unknown as Resolver<{ queueId: number | '' }>,
    defaultValues: { queueId: typeof data?.id === 'number' ? data.id : '' },
  });
  const submit = handleSubmit((v) => {
    const queue = queues.data?.find((q) => q.id === Number(v.queueId));
    onSave({ id: Number(v.queueId), name: queue?.name ?? '' });
  });
  const type = t('flows.nodeTypes.ticket');
  const list = queues.data ?? [];
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <Controller
        control={control}
        name="queueId"
        render={({ field }) => (
          <TextField
            select
            {...field}
            value={list.some((q) => q.id === field.value) ? field.value : ''}
            label={t('flows.ticket.queue')}
            fullWidth
            autoFocus
            error={!!errors.queueId}
            helperText={fieldError(t, errors.queueId) ?? (queues.isSuccess && list.length === 0 ? t('flows.ticket.noQueues') : undefined)}
            slotProps={{ htmlInput: { 'data-testid': 'ticket-queue' } }}
          >
            {list.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </NodeDialogShell>
  );
}

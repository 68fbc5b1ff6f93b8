import { QUEUE_ROTATION_MINUTES, QueueInput, type QueueView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { ColorField } from '../../components/ColorField';
import { useSaveQueue } from './hooks/use-queues';
import { newQueueValues, type QueueFormValues, toFormValues, toPayload } from './queue-form';

interface Props {
  open: boolean;
  onClose(): void;
  /** null adds a queue. */
  queue: QueueView | null;
}

/**
 * The queue modal's "Dados da fila" tab (spec 2 "Queues"). The contract's QueueInput validates it, so
 * the form and the server give the same messages; the company rules (unique colour, greeting needed
 * once there are several queues) come back as ERR_* codes and are shown as the error toast.
 */
export default function QueueModal({ open, onClose, queue }: Props) {
  const { t } = useTranslation();
  const save = useSaveQueue();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<QueueFormValues>({
    resolver: zodResolver(QueueInput) as unknown as Resolver<QueueFormValues>,
    defaultValues: queue ? toFormValues(queue) : newQueueValues(),
  });
  const rotating = watch('ativarRoteador');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: queue?.id ?? null, payload: toPayload(values) });
      notify(t('common.operationSuccess'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="queue-modal-title">
      <DialogTitle id="queue-modal-title">{queue ? t('queues.modal.titleEdit') : t('queues.modal.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <Tabs value="data" sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="data" label={t('queues.modal.tabs.data')} />
        </Tabs>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('queues.modal.name')}
                autoFocus
                fullWidth
                autoComplete="off"
                {...register('name')}
                error={!!errors.name}
                helperText={fieldError(t, errors.name)}
                slotProps={{ htmlInput: { 'data-testid': 'queue-name' } }}
              />
              <Controller
                name="color"
                control={control}
                render={({ field }) => (
                  <ColorField
                    testId="queue-color"
                    label={t('queues.modal.color')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={!!errors.color}
                    helperText={fieldError(t, errors.color)}
                  />
                )}
              />
              <TextField
                label={t('queues.modal.orderQueue')}
                type="number"
                fullWidth
                {...register('orderQueue')}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                sx={{ maxWidth: { sm: 160 } }}
                error={!!errors.orderQueue}
                helperText={fieldError(t, errors.orderQueue)}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Controller
                name="closeTicket"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    label={t('queues.modal.closeTicket')}
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
                  />
                )}
              />
              <Controller
                name="ativarRoteador"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    label={t('queues.modal.ativarRoteador')}
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
                  />
                )}
              />
              <Controller
                name="tempoRoteador"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('queues.modal.tempoRoteador')}
                    value={field.value}
                    disabled={!rotating}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    sx={{ minWidth: 180 }}
                    error={!!errors.tempoRoteador}
                    helperText={fieldError(t, errors.tempoRoteador)}
                  >
                    {QUEUE_ROTATION_MINUTES.map((m) => (
                      <MenuItem key={m} value={m}>
                        {m === 0 ? t('queues.modal.rotationUnset') : t('queues.modal.minutes', { count: m })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <TextField
              label={t('queues.modal.greetingMessage')}
              multiline
              minRows={3}
              maxRows={10}
              fullWidth
              {...register('greetingMessage')}
              error={!!errors.greetingMessage}
              helperText={fieldError(t, errors.greetingMessage)}
            />
            <TextField
              label={t('queues.modal.outOfHoursMessage')}
              multiline
              minRows={2}
              maxRows={8}
              fullWidth
              {...register('outOfHoursMessage')}
              error={!!errors.outOfHoursMessage}
              helperText={fieldError(t, errors.outOfHoursMessage)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="queue-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {queue ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

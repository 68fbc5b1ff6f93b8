import { ScheduleInput, type ScheduleData, type ScheduledMessageView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
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
  TextField,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useQueues } from '../queues';
import { type ContactChoice, ContactPicker } from '../../components/ContactPicker';
import { ScheduleAttachment } from './components/ScheduleAttachment';
import { useConnectionOptions, useUserOptions } from './hooks/use-schedule-options';
import { useRemoveScheduleMedia, useSaveSchedule } from './hooks/use-schedules';
import { newScheduleValues, type ScheduleFormValues, toFormValues, toPayload } from './schedule-form';

interface Props {
  open: boolean;
  onClose(): void;
  /** null creates a schedule. */
  record: ScheduledMessageView | null;
  /** The contact a new schedule is for (from a contact or a conversation). */
  contact?: ContactChoice | null;
  onSaved?(saved: ScheduledMessageView): void;
}

const UNITS = [1, 2, 3, 4];
const DAY_RULES = [4, 5, 6];

/**
 * The schedule dialog (spec 3 §3, §4, §5): contact, message, send time, connection, ticket options,
 * recurrence and an attachment. The title shows the status ("Erro de Envio" for ERRO); once a send
 * went out (sentAt) the fields are read-only and the submit button is gone.
 */
export default function ScheduleModal({ open, onClose, record, contact, onSaved }: Props) {
  const { t } = useTranslation();
  const sent = !!record?.sentAt;
  const [picked, setPicked] = useState<ContactChoice | null>(
    record?.contact ? { id: record.contact.id, name: record.contact.name } : (contact ?? null),
  );
  const [file, setFile] = useState<File | null>(null);
  const [storedName, setStoredName] = useState(record?.mediaName ?? null);
  const save = useSaveSchedule();
  const removeMedia = useRemoveScheduleMedia();
  const users = useUserOptions();
  const connections = useConnectionOptions();
  const queues = useQueues();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormValues>({
    resolver: zodResolver(ScheduleInput) as unknown as Resolver<ScheduleFormValues>,
    defaultValues: record ? toFormValues(record) : newScheduleValues(contact?.id ?? null),
  });
  const openTicket = useWatch({ control, name: 'openTicket' }) === 'enabled';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id ?? null, payload: toPayload(values as unknown as ScheduleData), file });
      notify(t('schedules.saved'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const removeAttachment = async () => {
    if (file) return setFile(null);
    if (!record) return;
    try {
      await removeMedia.mutateAsync(record.id);
      setStoredName(null);
      notify(t('schedules.mediaDeleted')); // spec 1 §8: the inbox says a media was deleted
    } catch (err) {
      toastError(err);
    }
  };

  const title = record ? t(`schedules.status.${record.status}`) : t('schedules.status.new');
  const disabled = sent || isSubmitting;
  const select = (
    name: 'whatsappId' | 'ticketUserId' | 'queueId' | 'statusTicket' | 'intervalo' | 'tipoDias',
    label: string,
    items: { value: string | number; label: string }[],
    extra = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          disabled={disabled}
          {...extra}
          value={field.value}
          onChange={(e) =>
            field.onChange(
              e.target.value === ''
                ? ''
                : typeof items[0]?.value === 'number' || name.endsWith('Id')
                  ? Number(e.target.value)
                  : e.target.value,
            )
          }
          error={!!errors[name]}
          helperText={fieldError(t, errors[name])}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `schedule-${name}` } }}
        >
          {items.map((i) => (
            <MenuItem key={i.value} value={i.value}>
              {i.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const none = { value: '' as const, label: t('schedules.modal.none') };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="schedule-modal-title">
      <DialogTitle id="schedule-modal-title">{title}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {record?.status === 'ERRO' && record.errorReason && (
              <Alert severity="error" data-testid="schedule-error">
                {t('schedules.modal.errorReason', {
                  reason: t(`backendErrors.${record.errorReason}`, { defaultValue: record.errorReason }),
                })}
              </Alert>
            )}
            {record?.sentAt && (
              <Typography variant="body2" color="text.secondary">
                {t('schedules.modal.sentAt', { date: format(new Date(record.sentAt), 'dd/MM/yyyy HH:mm') })} ·{' '}
                {t('schedules.modal.timesSent', { done: record.timesSent, total: record.enviarQuantasVezes })}
              </Typography>
            )}
            <ContactPicker
              value={picked}
              label={t('schedules.modal.contact')}
              searchHint={t('schedules.modal.contactSearch')}
              noneText={t('schedules.modal.noContacts')}
              testId="schedule-contact"
              disabled={disabled || (!record && !!contact)}
              error={fieldError(t, errors.contactId)}
              onChange={(c) => {
                setPicked(c);
                setValue('contactId', c?.id ?? '', { shouldValidate: !!errors.contactId });
              }}
            />
            <TextField
              label={t('schedules.modal.body')}
              fullWidth
              multiline
              minRows={3}
              maxRows={10}
              disabled={disabled}
              {...register('body')}
              error={!!errors.body}
              helperText={fieldError(t, errors.body)}
              slotProps={{ htmlInput: { 'data-testid': 'schedule-body' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="datetime-local"
                label={t('schedules.modal.sendAt')}
                fullWidth
                disabled={disabled}
                {...register('sendAt')}
                error={!!errors.sendAt}
                helperText={fieldError(t, errors.sendAt)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-sendAt' } }}
              />
              {select('whatsappId', t('schedules.modal.whatsapp'), [
                { value: '', label: t('schedules.modal.defaultConnection') },
                ...(connections.data ?? []).map((c) => ({ value: c.id, label: c.name })),
              ])}
            </Stack>
            <Controller
              name="openTicket"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label={t('schedules.modal.openTicket')}
                  disabled={disabled}
                  control={
                    <Switch
                      checked={field.value === 'enabled'}
                      onChange={(e) => field.onChange(e.target.checked ? 'enabled' : 'disabled')}
                      slotProps={{ input: { 'aria-label': t('schedules.modal.openTicket') } }}
                    />
                  }
                />
              )}
            />
            {openTicket && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {select('statusTicket', t('schedules.modal.statusTicket'), [
                  { value: 'open', label: t('schedules.modal.statusTicketOpen') },
                  { value: 'closed', label: t('schedules.modal.statusTicketClosed') },
                ])}
                {select('ticketUserId', t('schedules.modal.ticketUser'), [
                  none,
                  ...(users.data ?? []).map((u) => ({ value: u.id, label: u.name })),
                ])}
                {select('queueId', t('schedules.modal.queue'), [none, ...(queues.data ?? []).map((q) => ({ value: q.id, label: q.name }))])}
              </Stack>
            )}
            <Typography variant="subtitle2">{t('schedules.modal.recurrence')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select(
                'intervalo',
                t('schedules.modal.intervalo'),
                UNITS.map((u) => ({ value: u, label: t(`schedules.modal.units.${u}`) })),
              )}
              <TextField
                type="number"
                label={t('schedules.modal.valorIntervalo')}
                fullWidth
                disabled={disabled}
                {...register('valorIntervalo', { valueAsNumber: true })}
                error={!!errors.valorIntervalo}
                helperText={fieldError(t, errors.valorIntervalo)}
                slotProps={{ htmlInput: { min: 1, 'data-testid': 'schedule-valorIntervalo' } }}
              />
              <TextField
                type="number"
                label={t('schedules.modal.enviarQuantasVezes')}
                fullWidth
                disabled={disabled}
                {...register('enviarQuantasVezes', { valueAsNumber: true })}
                error={!!errors.enviarQuantasVezes}
                helperText={fieldError(t, errors.enviarQuantasVezes)}
                slotProps={{ htmlInput: { min: 1, 'data-testid': 'schedule-enviarQuantasVezes' } }}
              />
            </Stack>
            {select(
              'tipoDias',
              t('schedules.modal.tipoDias'),
              DAY_RULES.map((r) => ({ value: r, label: t(`schedules.modal.dayRules.${r}`) })),
            )}
            <Controller
              name="assinar"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label={t('schedules.modal.assinar')}
                  disabled={disabled}
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                />
              )}
            />
            <ScheduleAttachment
              storedName={storedName}
              pending={file}
              disabled={disabled || removeMedia.isPending}
              onPick={setFile}
              onRemove={removeAttachment}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {sent ? t('schedules.modal.close') : t('schedules.modal.cancel')}
          </Button>
          {!sent && (
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              data-testid="schedule-save"
              startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {record ? t('schedules.modal.save') : t('schedules.modal.add')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

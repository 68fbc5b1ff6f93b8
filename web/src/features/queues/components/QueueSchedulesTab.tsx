import { Alert, Button, Stack, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import { SchedulesEditor } from '../../../components/SchedulesEditor';
import { defaultSchedules, type QueueFormValues } from '../queue-form';

/**
 * "Horários de atendimento" (spec 2 "Queues"): the queue's service hours and the message sent outside
 * them, required once hours exist. Edits stay in the form until the modal is saved, which the alert says.
 */
export function QueueSchedulesTab({ form }: { form: UseFormReturn<QueueFormValues> }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    watch,
    formState: { errors, dirtyFields },
  } = form;
  const schedules = watch('schedules');
  const scheduleErrors = Object.fromEntries(
    (errors.schedules ?? []).flatMap?.((row, i) =>
      Object.entries(row ?? {}).map(([field, e]) => [`${i}.${field}`, fieldError(t, e as { message?: string })]),
    ) ?? [],
  );

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {dirtyFields.schedules && <Alert severity="info">{t('queues.schedules.clickSave')}</Alert>}
      {schedules.length === 0 ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => setValue('schedules', defaultSchedules(), { shouldDirty: true })}>
              {t('queues.schedules.define')}
            </Button>
          }
        >
          {t('queues.schedules.none')}
        </Alert>
      ) : (
        <>
          <Controller
            control={control}
            name="schedules"
            render={({ field }) => <SchedulesEditor value={field.value} onChange={field.onChange} errors={scheduleErrors} />}
          />
          <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setValue('schedules', [], { shouldDirty: true })}>
            {t('queues.schedules.remove')}
          </Button>
        </>
      )}
      <TextField
        label={t('queues.modal.outOfHoursMessage')}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        required={schedules.length > 0}
        {...register('outOfHoursMessage')}
        error={!!errors.outOfHoursMessage}
        helperText={fieldError(t, errors.outOfHoursMessage)}
        slotProps={{ htmlInput: { 'data-testid': 'queue-out-of-hours' } }}
      />
    </Stack>
  );
}

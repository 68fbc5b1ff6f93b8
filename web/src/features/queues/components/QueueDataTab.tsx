import { QUEUE_ROTATION_MINUTES } from '@chatflow/contract';
import { Divider, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField';
import { fieldError } from '../../../components/form-errors';
import { useChatbotTargets } from '../hooks/use-chatbot-targets';
import type { QueueFormValues } from '../queue-form';
import { ChatbotOptionsEditor } from './ChatbotOptionsEditor';
import { QueueTokenField } from './QueueTokenField';

/** "Dados da fila": name, colour, bot order, rotation, greeting, and the chatbot option editor. */
export function QueueDataTab({ form, hasToken }: { form: UseFormReturn<QueueFormValues>; hasToken: boolean }) {
  const { t } = useTranslation();
  // The company's bots (GET /queueIntegration); a plan without integrations answers 403 and offers none.
  const targets = useChatbotTargets();
  const integrations = targets.integration;
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const rotating = watch('ativarRoteador');

  return (
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
      <Controller
        name="integrationId"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t('queues.modal.integration')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
            helperText={t('queues.modal.integrationHelp')}
            sx={{ maxWidth: 360 }}
            data-testid="queue-integration"
          >
            <MenuItem value="">{t('queues.modal.noIntegration')}</MenuItem>
            {integrations.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="fileListId"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t('queues.modal.fileList')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
            helperText={t('queues.modal.fileListHelp')}
            sx={{ maxWidth: 360 }}
            data-testid="queue-file-list"
          >
            <MenuItem value="">{t('queues.modal.noFileList')}</MenuItem>
            {targets.file.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <QueueTokenField form={form} hasToken={hasToken} />
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
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('queues.chatbot.title')}
      </Typography>
      {errors.chatbots?.message && (
        <Typography variant="body2" color="error">
          {fieldError(t, errors.chatbots)}
        </Typography>
      )}
      <ChatbotOptionsEditor control={control} name="chatbots" depth={1} targets={targets} />
    </Stack>
  );
}

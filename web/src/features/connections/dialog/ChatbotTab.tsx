import type { QueueView } from '@chatflow/contract';
import { MenuItem, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ConnectionForm, FormText, QueueSelect } from './fields';

/** Chatbot tab (spec 2 §3 "Bot and ticket behaviour"): menu limits, ticket expiry, redirect queue, reopening window. Times in minutes. */
export function ChatbotTab({ form, queues }: { form: ConnectionForm; queues: QueueView[] }) {
  const { t } = useTranslation();
  const minutes = t('connections.dialog.minutesHint');
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="maxUseBotQueues" type="number" label={t('connections.dialog.maxUseBotQueues')} />
        <FormText form={form} name="timeUseBotQueues" type="number" label={t('connections.dialog.timeUseBotQueues')} helperText={minutes} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="expiresTicket" type="number" label={t('connections.dialog.expiresTicket')} helperText={minutes} />
        <Controller
          name="whenExpiresTicket"
          control={form.control}
          render={({ field }) => (
            <TextField select fullWidth label={t('connections.dialog.whenExpiresTicket')} {...field}>
              <MenuItem value="0">{t('connections.dialog.whenExpiresAll')}</MenuItem>
              <MenuItem value="1">{t('connections.dialog.whenExpiresPending')}</MenuItem>
            </TextField>
          )}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="timeSendQueue" type="number" label={t('connections.dialog.timeSendQueue')} helperText={minutes} />
        <QueueSelect form={form} name="sendIdQueue" label={t('connections.dialog.sendIdQueue')} queues={queues} />
      </Stack>
      <FormText
        form={form}
        name="timeCreateNewTicket"
        type="number"
        label={t('connections.dialog.timeCreateNewTicket')}
        helperText={minutes}
      />
    </Stack>
  );
}

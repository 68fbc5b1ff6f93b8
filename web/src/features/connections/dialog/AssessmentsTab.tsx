import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type ConnectionForm, FormText } from './fields';

/** Assessments (NPS) tab: the rating request, its expiry and how many times it may be asked. Scale 0 to 10. */
export function AssessmentsTab({ form, userRating }: { form: ConnectionForm; userRating: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{userRating ? t('connections.dialog.ratingOn') : t('connections.dialog.ratingOff')}</Alert>
      <FormText form={form} name="ratingMessage" label={t('connections.dialog.ratingMessage')} multiline minRows={2} maxRows={6} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText
          form={form}
          name="expiresTicketNPS"
          type="number"
          label={t('connections.dialog.expiresTicketNPS')}
          helperText={t('connections.dialog.minutesHint')}
        />
        <FormText form={form} name="maxUseBotQueuesNPS" type="number" label={t('connections.dialog.maxUseBotQueuesNPS')} />
      </Stack>
    </Stack>
  );
}

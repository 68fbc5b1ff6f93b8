import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type ConnectionForm, FormText } from './fields';

/**
 * The Cloud API account of a `whatsappapi` connection: the phone number id webhooks name, its WABA
 * and the access token. The token is write-only (the API never returns it), so on edit the field
 * starts empty and an empty field keeps the stored token.
 */
export function CloudApiFields({ form, hasStoredToken }: { form: ConnectionForm; hasStoredToken: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="cloud-api-fields">
      <Typography variant="subtitle2">{t('connections.dialog.cloudTitle')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="facebookPageUserId" label={t('connections.dialog.phoneNumberId')} required />
        <FormText form={form} name="wabaId" label={t('connections.dialog.wabaId')} />
      </Stack>
      <FormText
        form={form}
        name="tokenMeta"
        type="password"
        autoComplete="new-password"
        label={t('connections.dialog.tokenMeta')}
        required={!hasStoredToken}
        helperText={hasStoredToken ? t('connections.dialog.tokenMetaKeep') : t('connections.dialog.tokenMetaHint')}
      />
    </Stack>
  );
}

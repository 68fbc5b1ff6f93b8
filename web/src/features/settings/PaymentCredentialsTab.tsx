import { Alert, Box, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EfiWebhookPanel } from './EfiWebhookPanel';
import { useSaveSetting, useSecretStatus } from './hooks';
import { SecretField } from './SecretField';
import { useRegisterEfiWebhookWhenReady } from './use-efi-webhook';

/** The write-only credentials, grouped by the service that uses them (spec 2 §3 global keys). */
const GROUPS: { id: string; keys: string[] }[] = [
  { id: 'efi', keys: ['efiClientId', 'efiClientSecret', 'efiPixKey'] },
  { id: 'mercadopago', keys: ['mpAccessToken'] },
  // The webhook secrets authenticate the providers' payment notices (POST /subscription/webhook/{provider}):
  // unset, every Asaas and Stripe notice is refused with 401.
  { id: 'stripe', keys: ['stripePrivateKey', 'stripeWebhookSecret'] },
  { id: 'asaas', keys: ['asaasToken', 'asaasWebhookToken'] },
  { id: 'openai', keys: ['openAiKeyAudio'] },
];

/** "Pagamentos" (super user): payment providers' credentials and the AI audio key. Values are never shown. */
export function PaymentCredentialsTab() {
  const { t } = useTranslation();
  const status = useSecretStatus();
  const save = useSaveSetting('global');
  const registerEfiWebhook = useRegisterEfiWebhookWhenReady();
  // Saving the last missing Efí value registers the webhook Efí needs to report payments (a change of
  // pix key registers it for the new key; a cleared value only refreshes the webhook line).
  const saveEfi = async (key: string, value: string) => {
    const refused = await save(key, value);
    if (!refused) await registerEfiWebhook();
    return refused;
  };

  if (status.isLoading)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (status.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const section = (id: string, children: ReactNode) => (
    <Paper key={id} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`payments-${id}`}>
      <Typography id={`payments-${id}`} variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t(`settings.payments.groups.${id}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t(`settings.payments.hints.${id}`)}
      </Typography>
      {children}
    </Paper>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">{t('settings.payments.writeOnly')}</Alert>
      {GROUPS.map((group) =>
        section(
          group.id,
          <>
            <Grid container spacing={2}>
              {group.keys.map((key) => (
                <Grid key={key} size={{ xs: 12, md: group.keys.length > 1 ? 4 : 6 }}>
                  <SecretField
                    settingKey={key}
                    label={t(`settings.payments.keys.${key}`)}
                    isSet={!!status.data?.[key]}
                    save={group.id === 'efi' ? saveEfi : save}
                  />
                </Grid>
              ))}
            </Grid>
            {group.id === 'efi' && <EfiWebhookPanel />}
          </>,
        ),
      )}
    </Box>
  );
}

import type { EfiWebhookStatus } from '@chatflow/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { efiWebhookErrorText, useEfiWebhookStatus, useLastEfiWebhookError, useRegisterEfiWebhook } from './use-efi-webhook';

type State = 'notConfigured' | 'registered' | 'elsewhere' | 'notRegistered';

const stateOf = (s: EfiWebhookStatus): State =>
  !s.configured ? 'notConfigured' : s.registeredUrl === s.webhookUrl ? 'registered' : s.registeredUrl ? 'elsewhere' : 'notRegistered';

/**
 * The Efí section's webhook line: whether Efí will tell this server about paid PIX charges, the
 * address it is registered at, and a button to register it again (after a refusal, or when the key
 * points elsewhere). A refusal stays visible, with Efí's message, until a registration succeeds.
 */
export function EfiWebhookPanel() {
  const { t } = useTranslation();
  const status = useEfiWebhookStatus();
  const register = useRegisterEfiWebhook();
  const lastError = useLastEfiWebhookError();

  const submit = () =>
    register.mutate(undefined, {
      onSuccess: (saved) => notify(t('settings.payments.webhook.registered', { url: saved.registeredUrl })),
    });

  if (status.isLoading) return <CircularProgress size={20} aria-label={t('settings.payments.webhook.title')} />;
  const state = status.data ? stateOf(status.data) : null;
  // A failed registration matters until Efí holds our URL (fixed since, by this screen or another).
  const failed = !register.isPending && state !== 'registered' ? lastError : null;
  const shownError = failed ?? (status.isError ? status.error : null);

  return (
    <Box component="section" aria-label={t('settings.payments.webhook.title')} sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('settings.payments.webhook.title')}
        </Typography>
        {state && (
          <Chip
            size="small"
            variant="outlined"
            color={state === 'registered' ? 'success' : state === 'elsewhere' ? 'warning' : 'default'}
            icon={state === 'registered' ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
            label={t(`settings.payments.webhook.states.${state}`)}
          />
        )}
      </Stack>
      {status.data && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {state === 'elsewhere'
            ? t('settings.payments.webhook.elsewhere', { url: status.data.registeredUrl, ours: status.data.webhookUrl })
            : t('settings.payments.webhook.address', { url: status.data.webhookUrl })}
        </Typography>
      )}
      {!!shownError && <Alert severity="error">{efiWebhookErrorText(shownError)}</Alert>}
      <Box>
        <Button
          variant="outlined"
          size="small"
          onClick={submit}
          disabled={register.isPending || state === 'notConfigured'}
          sx={{ minHeight: 36 }}
        >
          {t('settings.payments.webhook.register')}
        </Button>
      </Box>
    </Box>
  );
}

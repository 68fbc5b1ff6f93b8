import { daysUntilDue, effectiveDueDate } from '@chatflow/contract';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { usePaymentRealtime } from './hooks/use-payment-realtime';

const CheckoutDialog = lazy(() => import('./checkout/CheckoutDialog'));

/** /subscription (spec 2): 'Assinatura', the licence text, the billing e-mail and 'Assine Agora!'. */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const renewed = usePaymentRealtime();
  if (!user) return null;
  const days = daysUntilDue(effectiveDueDate(user.company.id, user.company.dueDate));
  const email = user.email;
  const licence =
    days < 0
      ? t('billing.subscription.expired')
      : days === 0
        ? t('subscription.expiresToday')
        : t('billing.subscription.expiresIn', { count: days });

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {t('billing.subscription.title')}
      </Typography>
      {renewed && <Alert severity="success">{renewed}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            label={t('billing.subscription.licence')}
            value={licence}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'licence-text' } }}
            fullWidth
          />
          <TextField label={t('billing.subscription.email')} value={email} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
          <Button variant="contained" onClick={() => setOpen(true)} data-testid="subscribe-now" sx={{ alignSelf: 'flex-start' }}>
            {t('billing.subscription.subscribeNow')}
          </Button>
        </Stack>
      </Paper>
      {open && (
        <Suspense fallback={null}>
          <CheckoutDialog invoice={null} email={email} renewed={renewed} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

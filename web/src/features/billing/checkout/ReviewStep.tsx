import type { PlanView } from '@chatflow/contract';
import { Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../../lib/format';
import { type CheckoutValues, monthlyPrice, orderCounts } from './checkout-form';

/** Revisar: what will be charged, before the subscription is created. */
export function ReviewStep({ values, plans }: { values: CheckoutValues; plans: readonly PlanView[] }) {
  const { t } = useTranslation();
  const counts = orderCounts(values, plans);
  const planName = values.plan === 'custom' ? t('billing.checkout.customPlan') : (plans.find((p) => p.id === values.plan)?.name ?? '');
  const rows: [string, string][] = [
    [t('billing.checkout.fullName'), values.firstName],
    [t('billing.checkout.document'), values.document],
    [t('billing.checkout.email'), values.email],
    [t('billing.checkout.plan'), planName],
    [t('billing.checkout.users'), String(counts.users)],
    [t('billing.checkout.connections'), String(counts.connections)],
  ];
  return (
    <Stack spacing={1} data-testid="checkout-review">
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography color="text.secondary">{label}</Typography>
          <Typography sx={{ textAlign: 'right', wordBreak: 'break-word' }}>{value}</Typography>
        </Stack>
      ))}
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h6">{t('billing.checkout.total')}</Typography>
        <Typography variant="h6" data-testid="checkout-total">
          {t('billing.checkout.perMonth', { price: formatBRL(monthlyPrice(values, plans)) })}
        </Typography>
      </Stack>
    </Stack>
  );
}

import { CUSTOM_PLAN, type PlanView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Alert, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../../lib/format';
import { type CheckoutValues, monthlyPrice, orderCounts } from './checkout-form';

interface Props {
  values: CheckoutValues;
  plans: readonly PlanView[];
  onChange(field: 'users' | 'connections', value: number): void;
}

function Counter(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: string;
  onChange(v: number): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {props.label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', my: 1 }}>
        <IconButton
          aria-label={t('billing.checkout.decrease', { what: props.label })}
          disabled={props.value <= props.min}
          onClick={() => props.onChange(props.value - 1)}
        >
          <RemoveIcon />
        </IconButton>
        <Typography variant="h4" component="output" data-testid={props.testId} sx={{ minWidth: 64, textAlign: 'center' }}>
          {props.value}
        </Typography>
        <IconButton
          aria-label={t('billing.checkout.increase', { what: props.label })}
          disabled={props.value >= props.max}
          onClick={() => props.onChange(props.value + 1)}
        >
          <AddIcon />
        </IconButton>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {props.step}
      </Typography>
    </Paper>
  );
}

/** Personalizar: the custom plan's counters (minimum 3 each) and its monthly price; a fixed plan is shown as it is. */
export function CustomizeStep({ values, plans, onChange }: Props) {
  const { t } = useTranslation();
  const price = monthlyPrice(values, plans);
  if (values.plan !== 'custom') {
    const counts = orderCounts(values, plans);
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t('billing.checkout.fixedPlanHint')}</Alert>
        <Typography>{t('billing.checkout.planCounts', counts)}</Typography>
        <Typography variant="h5" data-testid="checkout-price">
          {t('billing.checkout.perMonth', { price: formatBRL(price) })}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Counter
          label={t('billing.checkout.users')}
          value={values.users}
          min={CUSTOM_PLAN.minUsers}
          max={CUSTOM_PLAN.maxUsers}
          step={t('billing.checkout.userStep', { price: formatBRL(CUSTOM_PLAN.perUser) })}
          onChange={(v) => onChange('users', v)}
          testId="checkout-users"
        />
        <Counter
          label={t('billing.checkout.connections')}
          value={values.connections}
          min={CUSTOM_PLAN.minConnections}
          max={CUSTOM_PLAN.maxConnections}
          step={t('billing.checkout.connectionStep', { price: formatBRL(CUSTOM_PLAN.perConnection) })}
          onChange={(v) => onChange('connections', v)}
          testId="checkout-connections"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('billing.checkout.customRule', { base: formatBRL(CUSTOM_PLAN.base) })}
      </Typography>
      <Typography variant="h5" data-testid="checkout-price">
        {t('billing.checkout.perMonth', { price: formatBRL(price) })}
      </Typography>
    </Stack>
  );
}

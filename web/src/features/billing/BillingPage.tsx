import { daysUntilDue, isSubscriptionValid } from '@chatflow/contract';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { formatDate } from '../../lib/format';

/**
 * /financeiro: where an expired company lands after login. It states the subscription's due date and
 * plan; the invoice list and checkout arrive with the billing feature.
 */
export default function BillingPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const valid = isSubscriptionValid(user.company.id, user.company.dueDate);
  const days = daysUntilDue(user.company.dueDate);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5">{t('billing.title')}</Typography>
      {!valid && (
        <Alert severity="error" data-testid="subscription-expired">
          {t('subscription.expired')}
        </Alert>
      )}
      {valid && days < 5 && (
        <Alert severity="warning">{days === 0 ? t('subscription.expiresToday') : t('subscription.expiresIn', { count: days })}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>
          <b>{t('billing.company')}:</b> {user.company.name}
        </Typography>
        <Typography>
          <b>{t('billing.plan')}:</b> {user.company.plan?.name ?? '—'}
        </Typography>
        <Typography>
          <b>{t('billing.dueDate')}:</b> {formatDate(user.company.dueDate)}
        </Typography>
      </Paper>
    </Stack>
  );
}

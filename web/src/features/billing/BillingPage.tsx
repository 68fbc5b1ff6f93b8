import { daysUntilDue, type InvoiceView, isSubscriptionValid } from '@chatflow/contract';
import { Alert, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useErrorToast } from '../../components/use-error-toast';
import { formatDate } from '../../lib/format';
import { InvoicesTable } from './components/InvoicesTable';
import { firstInvoiceDate } from './first-invoice';
import { PaymentNotices } from './components/PaymentNotices';
import { useInvoices, usePaymentNotices } from './hooks/use-invoices';
import { usePaymentRealtime } from './hooks/use-payment-realtime';

const CheckoutDialog = lazy(() => import('./checkout/CheckoutDialog'));

/**
 * /financeiro (spec 2 "Invoices, checkout, subscription"): 'Faturas (count)', the invoice table with its
 * statuses, and a pay button on unpaid invoices opening the checkout. An expired company lands here
 * after login (spec 1 §4.3) and gets its access back as soon as the payment webhook arrives. The super user
 * also sees the payment notices that changed nothing (refunds, underpayments, money on superseded charges).
 */
export default function BillingPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = useInvoices();
  const records = query.data?.pages.flatMap((p) => p.invoices) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const renewed = usePaymentRealtime();
  const notices = usePaymentNotices(!!user?.super);
  useErrorToast(query);
  if (!user) return null;
  const valid = isSubscriptionValid(user.company.id, user.company.dueDate);
  const days = daysUntilDue(user.company.dueDate);
  // The super user lists every company's invoices: the rule, not one company's date.
  const first = user.company.dueDate ? firstInvoiceDate(user.company.dueDate) : null;
  const emptyText =
    user.super || !first
      ? t('billing.emptyRule')
      : first.nextRun
        ? t('billing.emptyNextRun', { due: formatDate(user.company.dueDate) })
        : t('billing.emptyFrom', { date: formatDate(first.date), due: formatDate(user.company.dueDate) });

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Typography variant="h5" component="h1" data-testid="invoices-title">
        {t('billing.invoicesTitle', { count })}
      </Typography>
      {renewed && (
        <Alert severity="success" data-testid="renewed-message">
          {renewed}
        </Alert>
      )}
      {!valid && !renewed && (
        <Alert severity="error" data-testid="subscription-expired">
          {t('subscription.expired')}
        </Alert>
      )}
      {valid && !renewed && days >= 0 && days < 5 && (
        <Alert severity="warning">{days === 0 ? t('subscription.expiresToday') : t('subscription.expiresIn', { count: days })}</Alert>
      )}
      {user.super && notices.data && <PaymentNotices notices={notices.data.notices} count={notices.data.count} />}
      <InvoicesTable
        records={records}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        showCompany={user.super}
        onPay={setPaying}
        canPay={(invoice) => invoice.companyId === user.companyId}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
        emptyText={emptyText}
      />
      {paying && (
        <Suspense fallback={null}>
          <CheckoutDialog invoice={paying} email={user.email} renewed={renewed} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

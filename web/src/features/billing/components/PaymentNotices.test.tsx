import type { PaymentNoticeView } from '@chatflow/contract';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PaymentNotices } from './PaymentNotices';

const notice = (over: Partial<PaymentNoticeView>): PaymentNoticeView => ({
  id: 1,
  provider: 'stripe',
  providerPaymentId: 'cs_test_1',
  outcome: 'superseded',
  companyId: 3,
  companyName: 'Acme',
  invoiceId: 12,
  reportedAmount: 9.9,
  chargeAmount: 9.9,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...over,
});

describe('PaymentNotices', () => {
  test('names the company, the invoice, what happened and both amounts', () => {
    renderWithProviders(
      <PaymentNotices
        count={2}
        notices={[notice({}), notice({ id: 2, outcome: 'underpaid', reportedAmount: 1, chargeAmount: 99.9, companyName: 'Beta' })]}
      />,
    );
    expect(screen.getByText('Avisos de pagamento (2)')).toBeInTheDocument();
    screen.getByText('Avisos de pagamento (2)').click();
    const rows = screen.getAllByTestId('payment-notice-row');
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['superseded', 'underpaid']);
    expect(rows[0]).toHaveTextContent('Pagamento de cobrança substituída');
    expect(rows[0]).toHaveTextContent('Fatura #12');
    const second = rows[1].textContent?.replace(/\u00a0/g, ' ') ?? '';
    expect(second).toContain('Valor abaixo da cobrança');
    expect(second).toContain('R$ 1,00');
    expect(second).toContain('R$ 99,90');
  });

  test('nothing is shown while the list is empty', () => {
    renderWithProviders(<PaymentNotices count={0} notices={[]} />);
    expect(screen.queryByTestId('payment-notices')).toBeNull();
  });
});

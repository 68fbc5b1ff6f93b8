import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InvoicesTable } from './InvoicesTable';

const base = { companyId: 3, companyName: 'Acme', detail: 'Plano', users: 3, connections: 3, queues: 1, value: 49, paidAt: null };
const invoices = [
  { ...base, id: 1, dueDate: '2099-01-10', status: 'open' as const },
  { ...base, id: 2, dueDate: '2020-01-10', status: 'open' as const },
  { ...base, id: 3, dueDate: '2020-01-10', status: 'paid' as const, value: 1234.5 },
];

describe('InvoicesTable', () => {
  test('Pago, Vencido (tinted) and Em Aberto; dd/MM/yyyy and BRL; a pay button only on unpaid invoices', () => {
    const onPay = vi.fn();
    renderWithProviders(
      <InvoicesTable
        records={invoices}
        loading={false}
        loadingMore={false}
        showCompany={false}
        onPay={onPay}
        canPay={(i) => i.companyId === 3}
        scrollRef={null}
        onScroll={() => {}}
      />,
    );
    const rows = screen.getAllByTestId('invoice-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['open', 'overdue', 'paid']);
    expect(rows[0]).toHaveTextContent('Em Aberto');
    expect(rows[0]).toHaveTextContent('10/01/2099');
    expect(rows[1]).toHaveTextContent('Vencido');
    expect(getComputedStyle(rows[1]).backgroundColor).not.toBe(getComputedStyle(rows[0]).backgroundColor);
    expect(rows[2]).toHaveTextContent('Pago');
    expect(rows[2].textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 1.234,50');
    expect(screen.getAllByTestId('pay-invoice')).toHaveLength(2);
    screen.getAllByTestId('pay-invoice')[1].click();
    expect(onPay).toHaveBeenCalledWith(invoices[1]);
  });

  test("another company's invoice (the super user's list) has no pay button", () => {
    renderWithProviders(
      <InvoicesTable
        records={invoices}
        loading={false}
        loadingMore={false}
        showCompany
        onPay={() => {}}
        canPay={() => false}
        scrollRef={null}
        onScroll={() => {}}
      />,
    );
    expect(screen.queryByTestId('pay-invoice')).not.toBeInTheDocument();
    expect(screen.getAllByText('Acme')).toHaveLength(3);
  });

  test('an empty list says so', () => {
    renderWithProviders(
      <InvoicesTable
        records={[]}
        loading={false}
        loadingMore={false}
        showCompany
        onPay={() => {}}
        canPay={() => true}
        scrollRef={null}
        onScroll={() => {}}
      />,
    );
    expect(screen.getByText('Nenhuma fatura')).toBeInTheDocument();
  });
});

describe('InvoicesTable empty', () => {
  test('an empty list says when the first invoice comes', () => {
    renderWithProviders(
      <InvoicesTable
        records={[]}
        loading={false}
        loadingMore={false}
        showCompany={false}
        onPay={() => {}}
        canPay={() => true}
        scrollRef={null}
        onScroll={() => {}}
        emptyText="A primeira fatura aparece aqui em 01/07/2031"
      />,
    );
    expect(screen.getByTestId('invoices-empty')).toHaveTextContent('A primeira fatura aparece aqui em 01/07/2031');
  });
});

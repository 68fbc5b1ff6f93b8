import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import CheckoutDialog from './CheckoutDialog';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../lib/notify', () => ({ notify }));

const plan = { id: 9, name: 'Plano Ouro', users: 10, connections: 5, queues: 4, amount: '149.90', isPublic: true, trialDays: 7 };
const invoice = {
  id: 77,
  companyId: 3,
  companyName: 'Acme',
  detail: 'Plano Bronze',
  users: 2,
  connections: 1,
  queues: 1,
  value: 49,
  dueDate: '2026-01-10',
  status: 'open' as const,
  paidAt: null,
};
const onClose = vi.fn();
const nameValue = (n: string) => n.replace(/\u00a0/g, ' ');

describe('CheckoutDialog', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockResolvedValue([plan]);
  });

  test("Dados refuses to go on without full name and CPF/CNPJ, with the spec's messages", async () => {
    renderWithProviders(<CheckoutDialog invoice={invoice} email="admin@acme.com" renewed={null} onClose={onClose} />);
    await userEvent.click(screen.getByTestId('checkout-next'));
    expect(await screen.findByText('O nome completo é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('O CPF/CNPJ é obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('checkout-name'), 'Maria da Silva');
    await userEvent.type(screen.getByTestId('checkout-document'), '123');
    await userEvent.click(screen.getByTestId('checkout-next'));
    expect(await screen.findByText('CPF/CNPJ inválido: informe 11 ou 14 dígitos')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-users')).not.toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('Personalizar prices the custom plan: 49 base, +11 per user, +20 per connection, never below 3 of each', async () => {
    renderWithProviders(<CheckoutDialog invoice={invoice} email="admin@acme.com" renewed={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('checkout-name'), 'Maria da Silva');
    await userEvent.type(screen.getByTestId('checkout-document'), '123.456.789-09');
    await userEvent.click(screen.getByTestId('checkout-next'));
    expect(await screen.findByTestId('checkout-users')).toHaveTextContent('3');
    expect(nameValue(screen.getByTestId('checkout-price').textContent ?? '')).toBe('R$ 49,00/mês');
    const decrease = screen.getByRole('button', { name: 'Diminuir Usuários' });
    expect(decrease).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar Usuários' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar Usuários' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aumentar Conexões' }));
    expect(screen.getByTestId('checkout-users')).toHaveTextContent('5');
    expect(screen.getByTestId('checkout-connections')).toHaveTextContent('4');
    expect(nameValue(screen.getByTestId('checkout-price').textContent ?? '')).toBe('R$ 91,00/mês');
    await userEvent.click(screen.getByRole('button', { name: 'Diminuir Conexões' }));
    expect(screen.getByRole('button', { name: 'Diminuir Conexões' })).toBeDisabled();
    expect(nameValue(screen.getByTestId('checkout-price').textContent ?? '')).toBe('R$ 71,00/mês');
  });

  test('Revisar then the submit posts the spec fields and the payment step shows the PIX QR code and the links', async () => {
    api.post.mockResolvedValue({
      invoiceId: 77,
      qrcode: { qrcode: '00020126580014br.gov.bcb.pix0136chave' },
      stripeURL: 'https://checkout.stripe.test/c/pay/cs_1',
      asaasURL: 'https://asaas.test/i/pay_1',
      mercadopagoURL: null,
      valorext: 60,
    });
    renderWithProviders(<CheckoutDialog invoice={invoice} email="admin@acme.com" renewed={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('checkout-name'), 'Maria da Silva');
    await userEvent.type(screen.getByTestId('checkout-document'), '11.222.333/0001-81');
    await userEvent.click(screen.getByTestId('checkout-next'));
    await userEvent.click(await screen.findByRole('button', { name: 'Aumentar Usuários' }));
    await userEvent.click(screen.getByTestId('checkout-next'));
    const review = await screen.findByTestId('checkout-review');
    expect(within(review).getByText('Maria da Silva')).toBeInTheDocument();
    expect(nameValue(screen.getByTestId('checkout-total').textContent ?? '')).toBe('R$ 60,00/mês');
    await userEvent.click(screen.getByTestId('checkout-back'));
    expect(await screen.findByTestId('checkout-users')).toHaveTextContent('4');
    await userEvent.click(screen.getByTestId('checkout-next'));
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][0]).toBe('/subscription');
    expect(api.post.mock.calls[0][1]).toMatchObject({
      firstName: 'Maria da Silva',
      document: '11.222.333/0001-81',
      email: 'admin@acme.com',
      plan: 'custom',
      users: 4,
      connections: 3,
      price: 60,
      invoiceId: 77,
    });
    expect(notify).toHaveBeenCalledWith('Assinatura realizada com sucesso!, aguardando a realização do pagamento');
    expect(await screen.findByTestId('pix-qrcode')).toBeInTheDocument();
    expect(screen.getByTestId('pay-stripe')).toHaveAttribute('href', 'https://checkout.stripe.test/c/pay/cs_1');
    expect(screen.getByTestId('pay-asaas')).toHaveAttribute('href', 'https://asaas.test/i/pay_1');
    expect(screen.queryByTestId('pay-mercadopago')).not.toBeInTheDocument();
    expect(nameValue(screen.getByTestId('payment-amount').textContent ?? '')).toBe('R$ 60,00');
  });

  test('a fixed plan is reviewed at its own price and sent by id', async () => {
    api.post.mockResolvedValue({
      invoiceId: 77,
      qrcode: null,
      stripeURL: 'https://s.test/x',
      asaasURL: null,
      mercadopagoURL: null,
      valorext: 149.9,
    });
    renderWithProviders(<CheckoutDialog invoice={invoice} email="admin@acme.com" renewed={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('checkout-name'), 'Maria');
    await userEvent.type(screen.getByTestId('checkout-document'), '12345678909');
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: /Plano Ouro/ }));
    await userEvent.click(screen.getByTestId('checkout-next'));
    expect(nameValue((await screen.findByTestId('checkout-price')).textContent ?? '')).toBe('R$ 149,90/mês');
    await userEvent.click(screen.getByTestId('checkout-next'));
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post.mock.calls[0][1]).toMatchObject({ plan: 9, price: 149.9 });
  });
});

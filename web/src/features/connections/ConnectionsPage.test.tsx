import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ConnectionsPage from './ConnectionsPage';
import { connectionView, metaLoginSettings } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const auth = vi.hoisted(() => ({
  user: {
    id: 1,
    companyId: 2,
    profile: 'admin',
    allowConnections: 'disabled',
    company: { plan: { useWhatsapp: true, useFacebook: false, useInstagram: true } },
  },
  subscriptionValid: true,
  logout: vi.fn(),
}));
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const list = [
  connectionView(1, 'Atendimento', { status: 'CONNECTED', isDefault: true, number: '5511999990000' }),
  connectionView(2, 'Celular', { status: 'qrcode', qrcode: '2@first-code' }),
  connectionView(3, 'Loja', { status: 'DISCONNECTED' }),
  connectionView(4, 'Vendas', { status: 'OPENING' }),
];

describe('ConnectionsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/whatsapp') return list;
      if (path === '/meta/login-settings') return metaLoginSettings();
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockResolvedValue({ message: 'ok' });
    api.delete.mockResolvedValue({ message: 'ok' });
  });

  test('title with the count; one row per connection with its date as dd/MM/yyyy HH:mm and the session action of its status', async () => {
    renderWithProviders(<ConnectionsPage />);
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(4));
    expect(screen.getByTestId('connections-title')).toHaveTextContent('Conexões (4)');
    const [connected, qr, disconnected, opening] = screen.getAllByTestId('connection-row');
    expect(connected).toHaveTextContent('5511999990000');
    expect(connected).toHaveTextContent(/05\/03\/2026 \d{2}:07/);
    expect(within(connected).getByRole('button', { name: 'Desconectar' })).toBeEnabled();
    expect(within(qr).getByRole('button', { name: 'QR CODE' })).toBeEnabled();
    expect(within(disconnected).getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    expect(within(disconnected).getByRole('button', { name: 'Novo QR CODE' })).toBeEnabled();
    expect(within(opening).getByRole('button', { name: 'Conectando' })).toBeDisabled();
  });

  test('session buttons call the spec routes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPage />);
    const rows = await screen.findAllByTestId('connection-row');
    await user.click(within(rows[0]).getByRole('button', { name: 'Desconectar' }));
    await user.click(within(rows[2]).getByRole('button', { name: 'Tentar novamente' }));
    await user.click(within(rows[2]).getByRole('button', { name: 'Novo QR CODE' }));
    await user.click(screen.getByRole('button', { name: 'Reiniciar conexões' }));
    expect(api.delete).toHaveBeenCalledWith('/whatsappsession/admin/1');
    expect(api.post).toHaveBeenCalledWith('/whatsappsession/3');
    expect(api.put).toHaveBeenCalledWith('/whatsappsession/3');
    expect(api.post).toHaveBeenCalledWith('/whatsapp-restart/');
  });

  test('the QR dialog draws the qrcode string, redraws it when a session event brings a new one, and closes once connected', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPage />);
    await user.click(await screen.findByRole('button', { name: 'QR CODE' }));
    const dialog = await screen.findByRole('dialog', { name: /Leia o QR Code — Celular/ });
    const svg = () => within(dialog).getByTestId('qr-code').querySelector('svg path:last-child')?.getAttribute('d');
    const first = svg();
    expect(first).toBeTruthy();
    act(() => events.get('whatsappSession')?.({ action: 'update', session: { ...list[1], qrcode: '2@second-code', token: undefined } }));
    await waitFor(() => expect(svg()).not.toBe(first));
    act(() => events.get('whatsappSession')?.({ action: 'update', session: { ...list[1], status: 'CONNECTED', qrcode: '' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getAllByTestId('connection-row')[1]).getByTestId('connection-status')).toHaveAttribute('data-status', 'CONNECTED');
  });

  test('a pairing code request sends the phone number and shows the code', async () => {
    const user = userEvent.setup();
    api.post.mockImplementation(async (path: string) =>
      path === '/whatsappsession/2/pairing-code' ? { code: 'ABCD1234' } : { message: 'ok' },
    );
    renderWithProviders(<ConnectionsPage />);
    await user.click(await screen.findByRole('button', { name: 'QR CODE' }));
    await user.type(screen.getByTestId('pairing-phone'), '5511988887777');
    await user.click(screen.getByRole('button', { name: 'Solicitar código' }));
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABCD1234');
    expect(api.post).toHaveBeenCalledWith('/whatsappsession/2/pairing-code', { phoneNumber: '5511988887777' });
  });

  test('realtime: a created connection appears and a deleted one leaves; the token of the list is kept', async () => {
    renderWithProviders(<ConnectionsPage />);
    await screen.findAllByTestId('connection-row');
    act(() => events.get('whatsapp')?.({ action: 'update', whatsapp: { ...connectionView(5, 'Nova'), token: undefined } }));
    act(() => events.get('whatsapp')?.({ action: 'delete', whatsappId: 3 }));
    await waitFor(() => expect(screen.getByTestId('connections-title')).toHaveTextContent('Conexões (4)'));
    expect(screen.queryByText('Loja')).not.toBeInTheDocument();
    expect(screen.getByText('Nova')).toBeInTheDocument();
  });

  test('the new-connection menu follows the plan switches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPage />);
    await user.click(screen.getByRole('button', { name: 'Nova conexão' }));
    expect(screen.getByRole('menuitem', { name: 'WhatsApp' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: /^Facebook/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: /^Instagram/ })).not.toHaveAttribute('aria-disabled');
    // Meta's entries say when the operator has not set the Meta app.
    expect(await screen.findByRole('menuitem', { name: 'Instagram Requer configuração do operador' })).toBeInTheDocument();
    // The official API is WhatsApp under the plan's WhatsApp switch: Meta's Embedded Signup, whose "Avançado"
    // opens the dialog with its account fields.
    await user.click(screen.getByRole('menuitem', { name: /^WhatsApp API oficial/ }));
    const signup = await screen.findByRole('dialog', { name: 'Conectar WhatsApp API oficial' });
    expect(await within(signup).findByText('META_EMBEDDED_SIGNUP_CONFIG_ID')).toBeInTheDocument();
    await user.click(within(signup).getByRole('button', { name: 'Avançado: informar manualmente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar conexão' });
    expect(within(dialog).getByTestId('cloud-api-fields')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('connection-provider')).not.toBeInTheDocument();
  });

  test('delete asks first and calls DELETE /whatsapp/{id} only after confirming', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPage />);
    const rows = await screen.findAllByTestId('connection-row');
    await user.click(within(rows[2]).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir a conexão Loja?' });
    expect(api.delete).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/whatsapp/3'));
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(3));
  });

  test('a company past its due date is logged out on this page', async () => {
    auth.subscriptionValid = false;
    renderWithProviders(<ConnectionsPage />);
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    auth.subscriptionValid = true;
  });
});

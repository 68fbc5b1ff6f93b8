import { GLOBAL_SETTING_DEFAULTS, SECRET_SETTING_KEYS } from '@chatflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { useAuth } from '../../app/providers/AuthProvider';
import { ApiError, api } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import SettingsPage from './SettingsPage';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: vi.fn() }));
const mocked = vi.mocked(api);
vi.setConfig({ testTimeout: 20_000 });

const OUR_URL = 'https://chatflow.example/subscription/webhook/efi';
/** What the server answers for the Efí webhook; the tests move it along. */
let webhook: { configured: boolean; webhookUrl: string; registeredUrl: string | null };

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useAuth).mockReturnValue({ user: { id: 1, companyId: 1, profile: 'admin', super: true } } as ReturnType<typeof useAuth>);
  webhook = { configured: false, webhookUrl: OUR_URL, registeredUrl: null };
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/settings/global')
      return [
        ...Object.entries(GLOBAL_SETTING_DEFAULTS).map(([key, value]) => ({ key, value, hasValue: value !== '', secret: false })),
        ...SECRET_SETTING_KEYS.map((key) => ({ key, value: '', hasValue: key.startsWith('efi'), secret: true })),
      ];
    if (path === '/settings/efi-webhook') return webhook;
    throw new Error(`unexpected GET ${path}`);
  });
});

/** Saves the Efí pix key on the Pagamentos tab; the server then holds every Efí value. */
async function savePixKey() {
  const pixKey = await screen.findByRole('form', { name: 'Chave PIX' });
  fireEvent.change(within(pixKey).getByLabelText('Chave PIX'), { target: { value: 'pix@example.com' } });
  fireEvent.submit(pixKey);
  await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/efiPixKey', { value: 'pix@example.com' }));
}

test('saving the last Efí value registers the webhook and says where', async () => {
  mocked.put.mockImplementation(async (path: string) => {
    if (path === '/settings/efi-webhook') {
      webhook = { ...webhook, registeredUrl: OUR_URL };
      return webhook;
    }
    webhook = { ...webhook, configured: true };
    return { key: 'efiPixKey', value: '', hasValue: true, secret: true };
  });
  renderWithProviders(<SettingsPage />, { route: '/settings?tab=payments' });
  const panel = await screen.findByRole('region', { name: 'Webhook de pagamentos' });
  expect(within(panel).getByText('Aguardando credenciais e certificado')).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Registrar webhook' })).toBeDisabled();

  await savePixKey();
  await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/efi-webhook'));
  expect(await screen.findByText(`Webhook registrado na Efí: ${OUR_URL}`)).toBeInTheDocument();
  expect(await within(panel).findByText('Registrado')).toBeInTheDocument();
  expect(within(panel).getByText(new RegExp(`Endereço deste servidor: ${OUR_URL}`))).toBeInTheDocument();
});

test("Efí's refusal stays on the section with Efí's message; the button registers once it is fixed", async () => {
  webhook = { ...webhook, configured: true };
  let refuse = true;
  mocked.put.mockImplementation(async (path: string) => {
    if (path !== '/settings/efi-webhook') return { key: 'efiPixKey', value: '', hasValue: true, secret: true };
    if (refuse) {
      const body = { error: 'ERR_EFI_WEBHOOK_REFUSED', status: 400, detail: 'A URL do webhook não respondeu' };
      throw new ApiError(502, body.error, [], body);
    }
    webhook = { ...webhook, registeredUrl: OUR_URL };
    return webhook;
  });
  renderWithProviders(<SettingsPage />, { route: '/settings?tab=payments' });
  const panel = await screen.findByRole('region', { name: 'Webhook de pagamentos' });
  expect(await within(panel).findByText('Não registrado')).toBeInTheDocument();

  await savePixKey();
  const message = 'A Efí recusou o registro do webhook. A URL do webhook não respondeu';
  expect(await within(panel).findByRole('alert')).toHaveTextContent(message);

  refuse = false;
  fireEvent.click(within(panel).getByRole('button', { name: 'Registrar webhook' }));
  expect(await within(panel).findByText('Registrado')).toBeInTheDocument();
  await waitFor(() => expect(within(panel).queryByRole('alert')).not.toBeInTheDocument());
});

test('a key registered elsewhere says so; a save while Efí already holds our URL writes nothing', async () => {
  webhook = { configured: true, webhookUrl: OUR_URL, registeredUrl: 'https://old.example/hook' };
  mocked.put.mockResolvedValue({ key: 'efiPixKey', value: '', hasValue: true, secret: true });
  renderWithProviders(<SettingsPage />, { route: '/settings?tab=payments' });
  const panel = await screen.findByRole('region', { name: 'Webhook de pagamentos' });
  expect(await within(panel).findByText('Registrado em outro endereço')).toBeInTheDocument();
  expect(within(panel).getByText(/A Efí avisa os pagamentos desta chave em https:\/\/old\.example\/hook/)).toBeInTheDocument();

  webhook = { ...webhook, registeredUrl: OUR_URL };
  await savePixKey();
  await waitFor(() => expect(mocked.get.mock.calls.filter(([p]) => p === '/settings/efi-webhook').length).toBeGreaterThan(1));
  expect(mocked.put).not.toHaveBeenCalledWith('/settings/efi-webhook');
});

import { GLOBAL_SETTING_DEFAULTS, SECRET_SETTING_KEYS } from '@chatflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useAuth } from '../../app/providers/AuthProvider';
import { api } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import SettingsPage from './SettingsPage';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: vi.fn() }));
const mocked = vi.mocked(api);
vi.setConfig({ testTimeout: 20_000 });

let secretsSet: Record<string, boolean>;
let certificates: { destination: string; fileName: string; uploadedAt: string }[];
const EFI_WEBHOOK = 'https://chatflow.example/subscription/webhook/efi';
let efiWebhook: { configured: boolean; webhookUrl: string; registeredUrl: string | null };

function signIn(isSuper: boolean) {
  vi.mocked(useAuth).mockReturnValue({ user: { id: 1, companyId: 1, profile: 'admin', super: isSuper } } as ReturnType<typeof useAuth>);
}

/** The settings page inside routes, so a redirect to / shows the home marker. */
const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    { route },
  );

beforeEach(() => {
  vi.clearAllMocks();
  secretsSet = { mpAccessToken: true };
  certificates = [];
  efiWebhook = { configured: false, webhookUrl: EFI_WEBHOOK, registeredUrl: null };
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/settings') return [];
    if (path === '/settings/global')
      return [
        ...Object.entries(GLOBAL_SETTING_DEFAULTS).map(([key, value]) => ({ key, value, hasValue: value !== '', secret: false })),
        ...SECRET_SETTING_KEYS.map((key) => ({ key, value: '', hasValue: !!secretsSet[key], secret: true })),
      ];
    if (path === '/settings/certificates') return certificates;
    if (path === '/settings/efi-webhook') return efiWebhook;
    throw new Error(`unexpected GET ${path}`);
  });
  mocked.put.mockImplementation(async (path: string, body: unknown) => {
    if (path === '/settings/efi-webhook') {
      efiWebhook = { ...efiWebhook, registeredUrl: EFI_WEBHOOK };
      return efiWebhook;
    }
    const key = path.split('/').pop() ?? '';
    return { key, value: '', hasValue: (body as { value: string }).value !== '', secret: true };
  });
});

describe('payment credentials', () => {
  test('each secret says whether it is set, never its value; a typed value is saved and the field empties', async () => {
    signIn(true);
    renderAt('/settings?tab=payments');
    const mp = await screen.findByRole('form', { name: 'Access token' });
    expect(within(mp).getByText('Configurado')).toBeInTheDocument();
    expect(within(mp).getByLabelText('Access token')).toHaveValue('');
    const pixKey = screen.getByRole('form', { name: 'Chave PIX' });
    expect(within(pixKey).getByText('Não configurado')).toBeInTheDocument();
    expect(screen.getByText('Transcrição de áudio (IA)')).toBeInTheDocument();

    const input = within(pixKey).getByLabelText('Chave PIX');
    const save = within(pixKey).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: '  pix@example.com ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/efiPixKey', { value: 'pix@example.com' }));
    await waitFor(() => expect(within(pixKey).getByText('Configurado')).toBeInTheDocument());
    expect(input).toHaveValue('');
  });

  test('the Asaas and Stripe webhook secrets are write-only fields: set or not, never shown, saved by key', async () => {
    secretsSet = { asaasWebhookToken: true };
    signIn(true);
    renderAt('/settings?tab=payments');
    const asaas = await screen.findByRole('form', { name: 'Token de acesso do webhook' });
    expect(within(asaas).getByText('Configurado')).toBeInTheDocument();
    expect(within(asaas).getByLabelText('Token de acesso do webhook')).toHaveValue('');
    const stripe = screen.getByRole('form', { name: 'Segredo do webhook (whsec_…)' });
    expect(within(stripe).getByText('Não configurado')).toBeInTheDocument();
    const input = within(stripe).getByLabelText('Segredo do webhook (whsec_…)');
    fireEvent.change(input, { target: { value: 'whsec_abc' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/stripeWebhookSecret', { value: 'whsec_abc' }));
    await waitFor(() => expect(within(stripe).getByText('Configurado')).toBeInTheDocument());
    expect(input).toHaveValue('');
  });

  test('a blank field saves nothing; erasing asks first and then sends the empty value', async () => {
    signIn(true);
    renderAt('/settings?tab=payments');
    const mp = await screen.findByRole('form', { name: 'Access token' });
    fireEvent.change(within(mp).getByLabelText('Access token'), { target: { value: '   ' } });
    fireEvent.submit(mp);
    expect(mocked.put).not.toHaveBeenCalled();

    fireEvent.click(within(mp).getByRole('button', { name: 'Apagar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Apagar Access token?')).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apagar' }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/mpAccessToken', { value: '' }));
    await waitFor(() => expect(within(mp).getByText('Não configurado')).toBeInTheDocument());
  });
});

describe('certificate', () => {
  const chooseFile = (name: string) =>
    fireEvent.change(screen.getByLabelText('Arquivo do certificado (.p12)'), {
      target: { files: [new File([new Uint8Array([0x30, 0x82])], name, { type: 'application/x-pkcs12' })] },
    });

  test('the spec messages: file, destination, p12 only; nothing is sent until all hold', async () => {
    signIn(true);
    renderAt('/settings?tab=certificate');
    expect(await screen.findByText('Nenhum certificado enviado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Escolha um arquivo!')).not.toHaveLength(0);
    expect(screen.getAllByText('Escolha um destino!')).not.toHaveLength(0);

    chooseFile('certificado.pem');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Use somente arquivos em formato p12!')).not.toHaveLength(0);
    expect(mocked.post).not.toHaveBeenCalled();
  });

  test('a .p12 for Efí is uploaded to cert-upload?ref=efi, the installed list shows its name and date, and the completed Efí settings register the webhook', async () => {
    signIn(true);
    mocked.post.mockImplementation(async () => {
      certificates = [{ destination: 'efi', fileName: 'producao.p12', uploadedAt: '2026-11-24T14:05:00.000Z' }];
      efiWebhook = { ...efiWebhook, configured: true };
      return { mensagem: 'Arquivo Anexado' };
    });
    renderAt('/settings?tab=certificate');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Destino/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Efí (Gerencianet) PIX' }));
    chooseFile('producao.p12');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledTimes(1));
    const [path, form] = mocked.post.mock.calls[0] as [string, FormData];
    expect(path).toBe('/settings/cert-upload?ref=efi');
    expect((form.get('file') as File).name).toBe('producao.p12');
    expect(await screen.findByText('Arquivo enviado com sucesso!')).toBeInTheDocument();
    expect(await screen.findByText(/producao\.p12 — enviado em 24\/11\/2026 às \d\d:05/)).toBeInTheDocument();
    expect(await screen.findByText(`Webhook registrado na Efí: ${EFI_WEBHOOK}`)).toBeInTheDocument();
    expect(mocked.put).toHaveBeenCalledWith('/settings/efi-webhook');
  });
});

describe('no access', () => {
  for (const tab of ['whitelabel', 'certificate']) {
    test(`a non-super admin opening ${tab} sees 'Sem permissão para acessar!' and lands on /`, async () => {
      signIn(false);
      renderAt(`/settings?tab=${tab}`);
      expect((await screen.findAllByText('Sem permissão para acessar!')).length).toBeGreaterThan(0);
      expect(await screen.findByText('home page', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(mocked.get.mock.calls.map(([p]) => p)).not.toContain('/settings/global');
      expect(mocked.get.mock.calls.map(([p]) => p)).not.toContain('/settings/certificates');
    });
  }
});

import { COMPANY_SETTING_DEFAULTS, GLOBAL_SETTING_DEFAULTS } from '@chatflow/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
// Whole MUI screens with role queries are slow in jsdom when the suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const rows = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value }));
let companySettings: Record<string, string>;

function signIn(isSuper: boolean) {
  vi.mocked(useAuth).mockReturnValue({ user: { id: 1, companyId: 1, profile: 'admin', super: isSuper } } as ReturnType<typeof useAuth>);
}

beforeEach(() => {
  vi.clearAllMocks();
  companySettings = { ...COMPANY_SETTING_DEFAULTS };
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/settings') return rows(companySettings);
    if (path === '/settings/global') return rows(GLOBAL_SETTING_DEFAULTS).map((r) => ({ ...r, hasValue: true, secret: false }));
    if (path === '/plans/all' || path === '/helps') return [];
    if (path === '/companiesPlan') return { companies: [], count: 0, hasMore: false };
    if (path === '/companies/1/schedules') return { id: 1, schedules: [] };
    throw new Error(`unexpected GET ${path}`);
  });
  mocked.put.mockImplementation(async (path: string, body: unknown) => ({
    key: path.split('/').pop(),
    value: (body as { value: string }).value,
  }));
});

describe('tabs', () => {
  test('a non-super admin sees only the options tab and never calls super routes', async () => {
    signIn(false);
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=plans' });
    expect(await screen.findByRole('switch', { name: 'Avaliações' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Opções']);
    expect(mocked.get.mock.calls.map(([p]) => p)).toEqual(['/settings']);
  });

  test('a super user gets options, companies, plans, help, whitelabel, payments, certificate and Meta', async () => {
    signIn(true);
    renderWithProviders(<SettingsPage />);
    await screen.findByRole('switch', { name: 'Avaliações' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Opções',
      'Empresas',
      'Planos',
      'Ajuda',
      'Whitelabel',
      'Pagamentos',
      'Certificado',
      'Meta',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Planos' }));
    expect(await screen.findByText('Nenhum plano cadastrado')).toBeInTheDocument();
  });
});

describe('schedules', () => {
  test("the schedules tab shows only while scheduleType is 'company' and saves the company hours", async () => {
    signIn(false);
    companySettings.scheduleType = 'company';
    mocked.put.mockImplementation(async (_: string, body: unknown) => ({ id: 1, ...(body as object) }));
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=schedules' });
    expect(await screen.findByTestId('company-schedules-save')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Opções', 'Horários']);
    const friday = screen.getByRole('textbox', { name: 'Sexta-feira Fim 2º turno' });
    expect(friday).toHaveValue('18:00');
    fireEvent.change(friday, { target: { value: '1700' } });
    fireEvent.click(screen.getByTestId('company-schedules-save'));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledTimes(1));
    const [path, body] = mocked.put.mock.calls[0] as [string, { schedules: { endTimeB: string }[] }];
    expect(path).toBe('/companies/1/schedules');
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules[4].endTimeB).toBe('17:00');
  });

  test('with another scheduleType there is no schedules tab', async () => {
    signIn(false);
    companySettings.scheduleType = 'queue';
    renderWithProviders(<SettingsPage />, { route: '/settings?tab=schedules' });
    await screen.findByRole('switch', { name: 'Avaliações' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Opções']);
  });
});

describe('options', () => {
  test('a switch saves at once, with the updating indicator and the success toast', async () => {
    signIn(false);
    let answer: (v: unknown) => void = () => {};
    mocked.put.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    renderWithProviders(<SettingsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Avaliações' }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/userRating', { value: 'enabled' }));
    expect(await screen.findByText('Atualizando...')).toBeInTheDocument();
    await act(async () => answer({ key: 'userRating', value: 'enabled' }));
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Atualizando...')).toBeNull());
    expect(screen.getByRole('switch', { name: 'Avaliações' })).toBeChecked();
  });

  test('a required message left empty shows its error and is not saved', async () => {
    signIn(false);
    companySettings = { ...COMPANY_SETTING_DEFAULTS, sendMsgTransfTicket: 'enabled', transferMessage: 'Transferido' };
    renderWithProviders(<SettingsPage />);
    const field = await screen.findByRole('textbox', { name: /Mensagem de transferência/ });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'Você foi transferido' } });
    fireEvent.blur(field);
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/transferMessage', { value: 'Você foi transferido' }));
  });

  test('LGPD details appear only with LGPD enabled', async () => {
    signIn(false);
    renderWithProviders(<SettingsPage />);
    await screen.findByRole('switch', { name: 'Habilitar tratamento LGPD' });
    expect(screen.queryByRole('switch', { name: 'Ocultar número do contato para usuários' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Habilitar tratamento LGPD' }));
    expect(await screen.findByRole('switch', { name: 'Ocultar número do contato para usuários' })).toBeInTheDocument();
  });
});

describe('whitelabel', () => {
  test('a new app name is saved globally and the public settings are read again', async () => {
    signIn(true);
    const { client } = renderWithProviders(<SettingsPage />, { route: '/settings?tab=whitelabel' });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const field = await screen.findByRole('textbox', { name: /Nome do sistema/ });
    fireEvent.change(field, { target: { value: 'Atende Já' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/settings/appName', { value: 'Atende Já' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['public-settings'] }));
  });
});

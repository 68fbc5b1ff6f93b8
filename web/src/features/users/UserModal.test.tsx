import type { SessionUserView, UserView } from '@chatflow/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import UserModal from './UserModal';

const auth = vi.hoisted(() => ({ user: null as unknown, updateUser: vi.fn() }));
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

function makeUser(over: Partial<UserView> = {}): UserView {
  return {
    id: 7,
    companyId: 2,
    name: 'Bruna Souza',
    email: 'bruna@acme.com',
    profile: 'user',
    super: false,
    profileImage: null,
    startWork: '08:00',
    endWork: '18:00',
    whatsappId: null,
    farewellMessage: null,
    defaultMenu: 'open',
    defaultTheme: 'light',
    darkMode: false,
    allTicket: 'disable',
    allowGroup: false,
    allHistoric: 'disabled',
    allUserChat: 'disabled',
    userClosePendingTicket: 'enabled',
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    defaultTicketsManagerWidth: 1100,
    online: false,
    queues: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}
const signIn = (profile: 'admin' | 'user', id = 1) => {
  auth.user = {
    ...makeUser({ id, profile }),
    company: { id: 2, name: 'ACME', dueDate: '2999-01-01', settings: [], plan: null },
    dueDate: '2999-01-01',
    companieSettings: {},
  } as SessionUserView;
};

function renderModal(userId: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UserModal open userId={userId} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

// MUI dialogs are slow to drive in jsdom, and these tests type into several fields.
describe('UserModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/queue') return [{ id: 3, name: 'Vendas', color: '#ff0000' }];
      if (path === '/users/7') return makeUser();
      if (path === '/whatsapp/') return [{ id: 12, name: 'Vendas WhatsApp' }];
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('an admin sees the Permissions tab and the admin-only fields', async () => {
    signIn('admin');
    renderModal(null);
    expect(screen.getByRole('tab', { name: 'Permissões' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Geral' })).toBeInTheDocument();
    expect(screen.getByTestId('user-profile')).toBeInTheDocument();
    expect(screen.getByTestId('user-queues')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensagem de despedida')).toBeInTheDocument();
    expect(screen.getByLabelText('Início de trabalho')).toHaveAttribute('step', '600');
    // New users start from the contract's defaults: userClosePendingTicket on, the rest off.
    await userEvent.click(screen.getByRole('tab', { name: 'Permissões' }));
    expect(screen.getByRole('switch', { name: 'Permitir fechar tickets pendentes' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Ver Dashboard' })).not.toBeChecked();
  });

  test("an admin picks the user's default connection from the company's connections", async () => {
    signIn('admin');
    api.put.mockResolvedValue(makeUser({ whatsappId: 12 }));
    renderModal(7);
    await screen.findByDisplayValue('Bruna Souza');
    await userEvent.click(within(screen.getByTestId('user-whatsapp')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas WhatsApp' }));
    await userEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0][1]).toMatchObject({ whatsappId: 12 });
  });

  test('a profile user editing themself sees neither the Permissions tab nor the admin fields', async () => {
    signIn('user', 7);
    renderModal(7);
    expect(await screen.findByDisplayValue('Bruna Souza')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Permissões' })).toBeNull();
    expect(screen.queryByTestId('user-profile')).toBeNull();
    expect(screen.queryByTestId('user-queues')).toBeNull();
    expect(screen.queryByLabelText('Mensagem de despedida')).toBeNull();
    expect(screen.queryByLabelText('Início de trabalho')).toBeNull();
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
  });

  test('a one-character name is refused with the contract message and nothing is sent', async () => {
    signIn('admin');
    renderModal(null);
    await userEvent.type(screen.getByLabelText('Nome'), 'a');
    await userEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a profile user saving their profile sends only their own fields and no empty password', async () => {
    signIn('user', 7);
    api.put.mockResolvedValue(makeUser({ name: 'Bruna S.' }));
    renderModal(7);
    const name = await screen.findByDisplayValue('Bruna Souza');
    await userEvent.clear(name);
    await userEvent.type(name, 'Bruna S.{Enter}'); // Enter submits the form
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    const [path, body] = api.put.mock.calls[0];
    expect(path).toBe('/users/7');
    expect(body).toEqual({ name: 'Bruna S.', email: 'bruna@acme.com', defaultTheme: 'light', defaultMenu: 'open' });
    expect(auth.updateUser).toHaveBeenCalledWith(expect.objectContaining({ name: 'Bruna S.' }));
  });

  test('server field errors land on their fields', async () => {
    signIn('admin');
    const { ApiError } = await import('../../lib/api');
    api.post.mockRejectedValue(
      new ApiError(400, 'ERR_VALIDATION', [{ field: 'email', key: 'validation.invalidEmail', message: 'E-mail inválido' }]),
    );
    renderModal(null);
    const fill = async (label: string, text: string) => {
      await userEvent.click(screen.getByLabelText(label));
      await userEvent.paste(text);
    };
    await fill('Nome', 'Carlos');
    await fill('E-mail', 'carlos@acme.com');
    await fill('Senha', 'secret1');
    await userEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('E-mail inválido', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/users', expect.objectContaining({ name: 'Carlos', profile: 'user', allTicket: 'disable' }));
  });
});

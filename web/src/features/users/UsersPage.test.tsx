import type { UserView } from '@chatflow/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import UsersPage from './UsersPage';

const auth = vi.hoisted(() => ({ user: { id: 1, companyId: 2, profile: 'admin' } as unknown, updateUser: vi.fn() }));
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const user = (id: number, name: string, over: Partial<UserView> = {}) =>
  ({
    id,
    name,
    email: `${name.toLowerCase()}@acme.com`,
    profile: 'user',
    online: false,
    profileImage: null,
    queues: [],
    ...over,
  }) as UserView;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UsersPage />
    </QueryClientProvider>,
  );
}

describe('UsersPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    api.get.mockImplementation(async (path: string, query: { pageNumber: number; searchParam: string }) => {
      if (path !== '/users') throw new Error(`unexpected GET ${path}`);
      if (query.searchParam === 'carl') return { users: [user(3, 'Carla')], count: 1, hasMore: false };
      return query.pageNumber === 1
        ? {
            users: [user(1, 'Ana', { profile: 'admin', online: true, queues: [{ id: 4, name: 'Vendas', color: '#f00' }] })],
            count: 2,
            hasMore: true,
          }
        : { users: [user(2, 'Bruno')], count: 2, hasMore: false };
    });
  });

  test('lists the users page by page with the count, queues and online state', async () => {
    renderPage();
    // jsdom has no layout, so the short first page counts as "near the bottom" and the next one follows.
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    expect(screen.getByTestId('users-title')).toHaveTextContent('Usuários (2)');
    const [ana, bruno] = screen.getAllByTestId('user-row');
    expect(within(ana).getByText('Vendas')).toBeInTheDocument();
    expect(within(ana).getByText('Admin')).toBeInTheDocument();
    expect(within(ana).getByLabelText('Online')).toBeInTheDocument();
    expect(within(bruno).getByLabelText('Offline')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/users', { searchParam: '', pageNumber: 2 });
  });

  test('search waits for 3 characters; realtime events edit the list', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox'), 'ca');
    await new Promise((r) => setTimeout(r, 700));
    expect(api.get).not.toHaveBeenCalledWith('/users', expect.objectContaining({ searchParam: 'ca' }));
    await userEvent.type(screen.getByRole('searchbox'), 'rl');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1), { timeout: 3000 });
    expect(screen.getByText('Carla')).toBeInTheDocument();

    act(() => events.get('user')!({ action: 'create', user: user(5, 'Carlos') }));
    expect(await screen.findByText('Carlos')).toBeInTheDocument();
    act(() => events.get('user')!({ action: 'delete', userId: 3 }));
    await waitFor(() => expect(screen.queryByText('Carla')).toBeNull());
    expect(screen.getByTestId('users-title')).toHaveTextContent('Usuários (1)');
  });

  test('delete asks for confirmation, then calls the API', async () => {
    api.delete.mockResolvedValue({ message: 'User deleted' });
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    const bruno = screen.getAllByTestId('user-row')[1];
    await userEvent.click(within(bruno).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Deseja realmente excluir esse registro?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(api.delete).toHaveBeenCalledWith('/users/2');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The signed-in admin cannot delete themself.
    expect(within(screen.getAllByTestId('user-row')[0]).getByRole('button', { name: 'Excluir' })).toBeDisabled();
  });
});

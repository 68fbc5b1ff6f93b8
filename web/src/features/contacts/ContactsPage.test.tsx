import { type ContactView, SEARCH_COUNT_CAP, type SessionUserView } from '@chatflow/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ContactsPage from './ContactsPage';

const auth = vi.hoisted(() => ({ user: null as unknown as SessionUserView }));
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
const navigate = vi.hoisted(() => vi.fn());
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));
vi.mock('react-router', async (importOriginal) => ({ ...(await importOriginal<object>()), useNavigate: () => navigate }));

const contact = (id: number, name: string, over: Partial<ContactView> = {}): ContactView => ({
  id,
  companyId: 2,
  name,
  number: `55119999900${id}`,
  email: '',
  urlPicture: '',
  channel: 'whatsapp',
  active: true,
  acceptAudioMessage: true,
  disableBot: false,
  isGroup: false,
  lgpdAcceptedAt: null,
  extraInfo: [],
  tags: [],
  whatsapp: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});
const signIn = (profile: 'admin' | 'user', queues: { id: number; name: string; color: string }[] = []) => {
  auth.user = { id: 1, companyId: 2, profile, queues } as unknown as SessionUserView;
};
const rows = () => screen.getAllByTestId('contact-row');
let companyQueues: { id: number; name: string; color: string }[] = [];

describe('ContactsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    events.clear();
    companyQueues = [];
    signIn('admin');
    api.get.mockImplementation(async (path: string) => {
      if (path === '/queue') return companyQueues;
      if (path === '/tags/list') return [{ id: 7, name: 'VIP', color: '#aa0000', kanban: 0, contactsCount: 1 }];
      if (path === '/contacts') {
        return {
          contacts: [contact(1, 'Ana', { tags: [{ id: 7, name: 'VIP', color: '#aa0000' }] }), contact(2, 'Bruno', { active: false })],
          count: 2,
          hasMore: false,
        };
      }
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('rows show name, number, tag chips and the blocked status; the count is in the title', async () => {
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('contacts-title')).toHaveTextContent('Contatos (2)');
    expect(within(rows()[0]).getByText('VIP')).toBeInTheDocument();
    expect(within(rows()[0]).getByTestId('contact-number')).toHaveTextContent('551199999001');
    expect(within(rows()[1]).getByTestId('contact-status')).toHaveTextContent('Bloqueado');
  });

  test('block and unblock say "Contato bloqueado" / "Contato desbloqueado"', async () => {
    api.put.mockImplementation(async (path: string, body: { active: boolean }) =>
      contact(path.endsWith('/1') ? 1 : 2, path.endsWith('/1') ? 'Ana' : 'Bruno', { active: body.active }),
    );
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Bloquear contato' }));
    expect(api.put).toHaveBeenCalledWith('/contacts/block/1', { active: false });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Contato bloqueado'));
    await userEvent.click(within(rows()[1]).getByRole('button', { name: 'Desbloquear contato' }));
    expect(api.put).toHaveBeenCalledWith('/contacts/block/2', { active: true });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Contato desbloqueado'));
    await waitFor(() => expect(within(rows()[0]).getByTestId('contact-status')).toHaveTextContent('Bloqueado'));
  });

  test('only an admin gets the delete button; deleting asks first', async () => {
    api.delete.mockResolvedValueOnce({});
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Excluir' }));
    expect(api.delete).not.toHaveBeenCalled();
    // The spec's delete confirmation (spec 2 §8).
    expect(screen.getByRole('dialog')).toHaveTextContent('Deseja realmente excluir esse registro?');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/contacts/1'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  test('a profile user has no delete button and no merge action', async () => {
    signIn('user');
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(rows()[0]).queryByRole('button', { name: 'Mesclar contato' })).toBeNull();
  });

  test("an admin's merge action opens the merge dialog for that row's contact", async () => {
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Mesclar contato' }));
    expect(await screen.findByRole('dialog', { name: 'Mesclar contato com Ana' })).toBeInTheDocument();
  });

  test('the tag filter is sent as contactTag', async () => {
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('tag-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/contacts', { searchParam: '', pageNumber: 1, contactTag: [7] }));
  });

  test('a search counted up to the cap reads "99+" in the title', async () => {
    const plain = api.get.getMockImplementation()!;
    api.get.mockImplementation(async (path: string, params?: { searchParam?: string }) =>
      path === '/contacts' && params?.searchParam
        ? { contacts: [contact(5, 'Ana Silva')], count: SEARCH_COUNT_CAP, hasMore: true }
        : plain(path, params),
    );
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('contacts-search'), 'silva');
    await waitFor(() => expect(screen.getByTestId('contacts-title')).toHaveTextContent('Contatos (99+)'), { timeout: 3000 });
  });

  test('realtime events add and remove rows', async () => {
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => events.get('contact')!({ action: 'create', contact: contact(3, 'Amanda') }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]).getByText('Amanda')).toBeInTheDocument(); // in name order, before Ana
    act(() => events.get('contact')!({ action: 'delete', contactId: 1 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('contacts-title')).toHaveTextContent('(2)');
  });

  test('a user with several queues picks one; a ticket held by someone else names the holder', async () => {
    const { ApiError } = await import('../../lib/api');
    signIn('user', [
      { id: 4, name: 'Vendas', color: '#f00' },
      { id: 5, name: 'Suporte', color: '#0f0' },
    ]);
    api.post.mockRejectedValueOnce(
      new ApiError(409, 'ERR_OTHER_OPEN_TICKET', [], {
        error: 'ERR_OTHER_OPEN_TICKET',
        ticket: { id: 3, uuid: 'u-3', userId: 8, status: 'open', user: { name: 'Carla' }, queue: { name: 'Suporte' } },
      }),
    );
    api.post.mockResolvedValueOnce({ id: 4, uuid: 'u-4', queueId: 4 });
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Iniciar atendimento' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Fila' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    await userEvent.click(screen.getByTestId('start-ticket-confirm'));
    expect(api.post).toHaveBeenCalledWith('/tickets', { contactId: 1, userId: 1, status: 'open', queueId: 5 });
    expect(await screen.findByTestId('ticket-held-text')).toHaveTextContent(
      'Este contato já está em atendimento com Carla na fila Suporte.',
    );
    expect(navigate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('ticket-held-text')).toBeNull());
    await userEvent.click(within(rows()[1]).getByRole('button', { name: 'Iniciar atendimento' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Fila' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    await userEvent.click(screen.getByTestId('start-ticket-confirm'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/tickets/u-4'));
  });

  test("a user without queues of their own uses the company's; the only one goes straight in", async () => {
    companyQueues = [{ id: 6, name: 'Geral', color: '#00f' }];
    api.post.mockResolvedValueOnce({ id: 9, uuid: 'u-9', queueId: 6 });
    renderWithProviders(<ContactsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/queue'));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Iniciar atendimento' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/tickets/u-9'));
    expect(api.post).toHaveBeenCalledWith('/tickets', { contactId: 1, userId: 1, status: 'open', queueId: 6 });
  });
});

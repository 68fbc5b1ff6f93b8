import type { ContactListView, SessionUserView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeSessionUser } from '../../test/session-user';
import ContactListsPage from './ContactListsPage';

const auth = vi.hoisted(() => ({ user: null as unknown as SessionUserView, subscriptionValid: true }));
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
const navigate = vi.hoisted(() => vi.fn());
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../app/providers/SocketProvider', () => ({ useCompanyEvent: () => {} }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));
vi.mock('react-router', async (importOriginal) => ({ ...(await importOriginal<object>()), useNavigate: () => navigate }));

const list = (id: number, name: string, contactsCount = 0): ContactListView => ({ id, name, companyId: 2, contactsCount });
const signIn = (profile: 'admin' | 'user') => {
  auth.user = makeSessionUser({ profile });
};
const rows = () => screen.getAllByTestId('contact-list-row');
let stored: ContactListView[] = [];

describe('ContactListsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    signIn('admin');
    stored = [list(1, 'Clientes', 12), list(2, 'Fornecedores', 3)];
    api.get.mockImplementation(async (path: string) => {
      if (path === '/contact-lists') return { records: stored, count: stored.length, hasMore: false };
      // The edit dialog reads the record again by id when it opens.
      const byId = stored.find((row) => path === `/contact-lists/${row.id}`);
      if (byId) return byId;
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('with no lists the table says so', async () => {
    stored = [];
    renderWithProviders(<ContactListsPage />);
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-list-row')).not.toBeInTheDocument();
  });

  test('rows show the name and the contacts count; the people button opens the list’s contacts', async () => {
    renderWithProviders(<ContactListsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByText('Clientes')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('12')).toBeInTheDocument();
    await userEvent.click(within(rows()[1]).getByLabelText('Contatos da lista'));
    expect(navigate).toHaveBeenCalledWith('/contact-lists/2/contacts');
  });

  test('the create dialog refuses an empty or short name with the spec’s messages and sends nothing', async () => {
    renderWithProviders(<ContactListsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('add-contact-list'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Nova Lista')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId('contact-list-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('contact-list-name'), 'A');
    await userEvent.click(within(dialog).getByTestId('contact-list-save'));
    expect(await within(dialog).findByText('Muito curto!')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('contact-list-name'), 'x'.repeat(50));
    await userEvent.click(within(dialog).getByTestId('contact-list-save'));
    expect(await within(dialog).findByText('Muito longo!')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a valid name is created with POST, the row appears and the dialog closes with the success toast', async () => {
    api.post.mockResolvedValueOnce(list(3, 'Parceiros'));
    renderWithProviders(<ContactListsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('add-contact-list'));
    await userEvent.type(screen.getByTestId('contact-list-name'), 'Parceiros');
    await userEvent.click(screen.getByTestId('contact-list-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.post).toHaveBeenCalledWith('/contact-lists', { name: 'Parceiros' });
    expect(notify).toHaveBeenCalledWith('Lista de contatos salva com sucesso.');
    expect(rows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Clientes', 'Fornecedores', 'Parceiros']);
  });

  test('edit opens the dialog filled in and saves with PUT', async () => {
    api.put.mockResolvedValueOnce(list(1, 'Clientes VIP', 12));
    renderWithProviders(<ContactListsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]).getByLabelText('Editar'));
    expect(screen.getByText('Editar Lista')).toBeInTheDocument();
    const name = screen.getByTestId('contact-list-name');
    expect(name).toHaveValue('Clientes');
    await userEvent.clear(name);
    await userEvent.type(name, 'Clientes VIP');
    await userEvent.click(screen.getByTestId('contact-list-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/contact-lists/1', { name: 'Clientes VIP' }));
    expect(await screen.findByText('Clientes VIP')).toBeInTheDocument();
  });

  test('delete asks first; "Não" keeps the list, "Sim" deletes it and removes the row', async () => {
    api.delete.mockResolvedValueOnce(undefined);
    renderWithProviders(<ContactListsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[1]).getByLabelText('Excluir'));
    expect(screen.getByText('Excluir Fornecedores?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Não' }));
    expect(api.delete).not.toHaveBeenCalled();
    await userEvent.click(within(rows()[1]).getByLabelText('Excluir'));
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.delete).toHaveBeenCalledWith('/contact-lists/2');
    expect(notify).toHaveBeenCalledWith('Lista de contatos excluída com sucesso.');
  });

  test('a "user" profile sees the lists without edit or delete, and adding leads to the no-permission page', async () => {
    signIn('user');
    renderWithProviders(<ContactListsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).queryByLabelText('Editar')).not.toBeInTheDocument();
    expect(within(rows()[0]).queryByLabelText('Excluir')).not.toBeInTheDocument();
    // The items screen is for admins: no button leads an agent there.
    expect(within(rows()[0]).queryByLabelText('Contatos da lista')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('add-contact-list'));
    expect(navigate).toHaveBeenCalledWith('/403');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

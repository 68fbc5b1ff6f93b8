import type { ContactListItemView, SessionUserView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ContactListItemsPage from './ContactListItemsPage';

const auth = vi.hoisted(() => ({ user: null as unknown as SessionUserView }));
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
const navigate = vi.hoisted(() => vi.fn());
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../app/providers/SocketProvider', () => ({ useCompanyEvent: () => {} }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));
vi.mock('react-router', async (importOriginal) => ({ ...(await importOriginal<object>()), useNavigate: () => navigate }));

const item = (id: number, name: string, over: Partial<ContactListItemView> = {}): ContactListItemView => ({
  id,
  name,
  number: `5511999990${String(id).padStart(3, '0')}`,
  email: '',
  isWhatsappValid: true,
  companyId: 2,
  contactListId: 5,
  ...over,
});
const signIn = (profile: 'admin' | 'user') => {
  auth.user = { id: 1, companyId: 2, profile, queues: [] } as unknown as SessionUserView;
};
const rows = () => screen.getAllByTestId('contact-list-item-row');
let stored: ContactListItemView[] = [];

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
    </Routes>,
    { route: '/contact-lists/5/contacts' },
  );
}

describe('ContactListItemsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    signIn('admin');
    stored = [
      item(1, 'Ana', { email: 'ana@x.com' }),
      item(2, 'Bruno', { isWhatsappValid: false }),
      item(3, 'Carla', { isWhatsappValid: null }),
    ];
    api.get.mockImplementation(async (path: string, query?: { contactListId?: number }) => {
      if (path === '/contact-lists/5') return { id: 5, name: 'Clientes', companyId: 2, contactsCount: stored.length };
      if (path === '/contact-list-items') {
        expect(query?.contactListId).toBe(5);
        return { contacts: stored, count: stored.length, hasMore: false };
      }
      // The edit dialog reads the item again by id when it opens.
      const byId = stored.find((row) => path === `/contact-list-items/${row.id}`);
      if (byId) return byId;
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('the title names the list; rows show the WhatsApp-valid icon, name, number and email; "Listas" goes back', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(await screen.findByTestId('contact-list-title')).toHaveTextContent('Contatos: Clientes');
    expect(within(rows()[0]).getByLabelText('Número com WhatsApp')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('ana@x.com')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('5511999990001')).toBeInTheDocument();
    expect(within(rows()[1]).getByLabelText('Número sem WhatsApp')).toBeInTheDocument();
    expect(within(rows()[2]).getByLabelText('Número ainda não verificado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Listas' }));
    expect(navigate).toHaveBeenCalledWith('/contact-lists');
  });

  test('an empty list says so', async () => {
    stored = [];
    renderPage();
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
  });

  test('the add dialog checks name, number and email with the spec’s messages before sending anything', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByTestId('add-contact-list-item'));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('item-save'));
    await waitFor(() => expect(within(dialog).getAllByText('Obrigatório')).toHaveLength(2));
    await userEvent.type(within(dialog).getByTestId('item-name'), 'A');
    await userEvent.type(within(dialog).getByTestId('item-number'), '1234567');
    await userEvent.type(within(dialog).getByTestId('item-email'), 'nao-e-email');
    await userEvent.click(within(dialog).getByTestId('item-save'));
    await waitFor(() => expect(within(dialog).getAllByText('Muito curto!')).toHaveLength(2));
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a valid item is added to this list with POST and appears in the table', async () => {
    api.post.mockResolvedValueOnce(item(4, 'Daniel', { email: 'd@x.com', isWhatsappValid: null }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByTestId('add-contact-list-item'));
    await userEvent.type(screen.getByTestId('item-name'), 'Daniel');
    await userEvent.type(screen.getByTestId('item-number'), '5511999990004');
    await userEvent.type(screen.getByTestId('item-email'), 'd@x.com');
    await userEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.post).toHaveBeenCalledWith('/contact-list-items', {
      name: 'Daniel',
      number: '5511999990004',
      email: 'd@x.com',
      contactListId: 5,
    });
    expect(notify).toHaveBeenCalledWith('Contato salvo com sucesso.');
    expect(await screen.findByText('Daniel')).toBeInTheDocument();
  });

  test('edit opens the item filled in and saves with PUT; the row shows the change', async () => {
    api.put.mockResolvedValueOnce(item(2, 'Bruno Lima', { isWhatsappValid: false }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[1]).getByLabelText('Editar'));
    expect(screen.getByText('Editar contato')).toBeInTheDocument();
    const name = screen.getByTestId('item-name');
    expect(name).toHaveValue('Bruno');
    expect(screen.getByTestId('item-number')).toHaveValue('5511999990002');
    await userEvent.type(name, ' Lima');
    await userEvent.click(screen.getByTestId('item-save'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/contact-list-items/2', { name: 'Bruno Lima', number: '5511999990002', email: '' }),
    );
    expect(await screen.findByText('Bruno Lima')).toBeInTheDocument();
  });

  test('delete asks first; "Não" keeps the item, "Sim" deletes it and removes the row', async () => {
    api.delete.mockResolvedValueOnce(undefined);
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[0]).getByLabelText('Excluir'));
    expect(screen.getByText('Excluir Ana?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Não' }));
    expect(api.delete).not.toHaveBeenCalled();
    await userEvent.click(within(rows()[0]).getByLabelText('Excluir'));
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.delete).toHaveBeenCalledWith('/contact-list-items/1');
    expect(notify).toHaveBeenCalledWith('Contato excluído com sucesso.');
    expect(screen.queryByText('Ana')).not.toBeInTheDocument();
  });

  test('without contacts-page:deleteContact (a "user" profile) items can be edited but not deleted', async () => {
    signIn('user');
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]).getByLabelText('Editar')).toBeInTheDocument();
    expect(within(rows()[0]).queryByLabelText('Excluir')).not.toBeInTheDocument();
  });
});

import type { ContactView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { makeTicket } from '../../../test/ticket-view';
import { agent, ticket } from '../testing';
import { ContactDrawer } from './ContactDrawer';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: agent() }) }));
vi.mock('../../../app/providers/SocketProvider', () => ({ useCompanyEvent: () => {} }));
const mocked = vi.mocked(api);

const contact: ContactView = {
  id: 3,
  companyId: 2,
  name: 'Maria',
  number: '5511999990001',
  email: 'maria@x.com',
  urlPicture: '',
  channel: 'whatsapp',
  active: true,
  acceptAudioMessage: true,
  disableBot: false,
  isGroup: false,
  lgpdAcceptedAt: null,
  extraInfo: [{ id: 1, name: 'CPF', value: '123' }],
  tags: [],
  whatsapp: null,
  createdAt: '',
  updatedAt: '',
};
const note = {
  id: 5,
  note: 'Cliente VIP',
  ticketId: 10,
  contactId: 3,
  userId: 7,
  user: { id: 7, name: 'Ana' },
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '',
};

/** The contact's past tickets as GET /contacts/3/tickets answers them (newest first). */
const history = {
  tickets: [
    makeTicket(12, { uuid: 'u-12', status: 'closed', createdAt: '2026-03-05T12:00:00Z', userRating: { rate: 5 } }),
    makeTicket(9, { uuid: 'u-9', status: 'closed', queue: null, queueId: null, createdAt: '2025-11-20T12:00:00Z' }),
  ],
  hasMore: true,
};

beforeEach(() => {
  vi.clearAllMocks();
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/contacts/3') return contact;
    if (path === '/ticket-notes/list') return [note];
    if (path === '/tags/list') return [{ id: 4, name: 'VIP', color: '#ffcc00', kanban: 0 }];
    if (path === '/contacts/3/tickets') return history;
    throw new Error(`unexpected GET ${path}`);
  });
});

describe('ContactDrawer', { timeout: 20_000 }, () => {
  test("lists the contact's past tickets: status, date, queue and rating, newest first, paged (issue 31)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactDrawer ticket={ticket()} open onClose={() => {}} />, { route: '/tickets/x' });
    const rows = await screen.findAllByTestId('contact-ticket');
    expect(rows.map((r) => r.textContent)).toEqual([
      '#12 · Resolvido · 05/03/2026Vendas · Avaliação: 5',
      '#9 · Resolvido · 20/11/2025Sem fila',
    ]);
    expect(mocked.get).toHaveBeenCalledWith('/contacts/3/tickets', { pageNumber: 1 });
    await user.click(screen.getByTestId('contact-tickets-more'));
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/contacts/3/tickets', { pageNumber: 2 }));
  });

  test('shows the contact with its e-mail link and extra info', async () => {
    renderWithProviders(<ContactDrawer ticket={ticket()} open onClose={() => {}} />);
    const drawer = await screen.findByTestId('contact-drawer');
    expect(within(drawer).getByRole('link', { name: 'maria@x.com' })).toHaveAttribute('href', 'mailto:maria@x.com');
    expect(within(drawer).getAllByTestId('extra-info')[0]).toHaveTextContent('CPF123');
    expect(within(drawer).getByTestId('contact-number')).toHaveTextContent('+55 11 99999 0001');
    expect(await within(drawer).findByText('Cliente VIP')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith('/ticket-notes/list', { ticketId: 10, contactId: 3 });
  });

  test('notes: under 2 characters is refused; adding and deleting say so', async () => {
    mocked.post.mockResolvedValue({ ...note, id: 6, note: 'Ligar amanhã' });
    mocked.delete.mockResolvedValue(null);
    renderWithProviders(<ContactDrawer ticket={ticket()} open onClose={() => {}} />);
    await screen.findByText('Cliente VIP');
    await userEvent.type(screen.getByTestId('note-input'), 'a');
    await userEvent.click(screen.getByTestId('note-save'));
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('note-input'), 'b');
    await userEvent.clear(screen.getByTestId('note-input'));
    await userEvent.type(screen.getByTestId('note-input'), 'Ligar amanhã');
    await userEvent.click(screen.getByTestId('note-save'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/ticket-notes', { note: 'Ligar amanhã', ticketId: 10, contactId: 3 }));
    expect(await screen.findByText('Observação adicionada com sucesso!')).toBeInTheDocument();
    expect(screen.getAllByTestId('note')).toHaveLength(2);
    await userEvent.click(within(screen.getAllByTestId('note')[1]).getByRole('button', { name: 'Excluir' }));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/ticket-notes/5'));
    expect(await screen.findByText('Observação excluída com sucesso!')).toBeInTheDocument();
  });

  test('block and unblock, and the accept-audio switch', async () => {
    mocked.put.mockImplementation(async (path: string, body?: unknown) => {
      if (path === '/contacts/block/3') return { ...contact, active: (body as { active: boolean }).active };
      if (path === '/contacts/toggleAcceptAudio/3') return { acceptAudioMessage: false };
      throw new Error(`unexpected PUT ${path}`);
    });
    renderWithProviders(<ContactDrawer ticket={ticket()} open onClose={() => {}} />);
    await userEvent.click(await screen.findByTestId('contact-block'));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/contacts/block/3', { active: false }));
    expect(await screen.findByText('Contato bloqueado', { selector: '.notistack-MuiContent *, #notistack-snackbar' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Desbloquear/ })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('contact-block'));
    expect(await screen.findByText('Contato desbloqueado')).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('contact-accept-audio')).getByRole('switch'));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/contacts/toggleAcceptAudio/3'));
    await waitFor(() => expect(within(screen.getByTestId('contact-accept-audio')).getByRole('switch')).not.toBeChecked());
  });

  test('tag box: picks a tag, creates a typed one, refuses a name under 3 characters', async () => {
    mocked.post.mockImplementation(async (_path: string, body?: unknown) => {
      const tags = (body as { tags: ({ id: number } | { name: string })[] }).tags;
      return {
        tags: tags.map((tag) => ('id' in tag ? { id: 4, name: 'VIP', color: '#ffcc00' } : { id: 9, name: tag.name, color: '#000000' })),
      };
    });
    renderWithProviders(<ContactDrawer ticket={ticket()} open onClose={() => {}} />);
    const box = await screen.findByTestId('contact-tags');
    const input = within(box).getByRole('combobox');
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/tags/sync', { contactId: 3, tags: [{ id: 4 }] }));
    expect(await within(box).findByText('VIP')).toBeInTheDocument();

    await userEvent.type(input, 'ab{Enter}');
    expect(await within(box).findByText('Tag muito curta!')).toBeInTheDocument();
    expect(mocked.post).toHaveBeenCalledTimes(1);

    await userEvent.clear(input);
    await userEvent.type(input, 'Atacado{Enter}');
    await waitFor(() =>
      expect(mocked.post).toHaveBeenLastCalledWith('/tags/sync', { contactId: 3, tags: [{ id: 4 }, { name: 'Atacado' }] }),
    );
    expect(await within(box).findByText('Atacado')).toBeInTheDocument();
  });
});

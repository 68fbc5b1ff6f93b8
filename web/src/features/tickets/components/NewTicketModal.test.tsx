import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../testing';
import { NewTicketModal } from './NewTicketModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

const queues = [
  { id: 1, name: 'Vendas', color: '#f00' },
  { id: 2, name: 'Suporte', color: '#00f' },
];
const conflict = (userId: number) =>
  new ApiError(409, 'ERR_OTHER_OPEN_TICKET', [], {
    error: 'ERR_OTHER_OPEN_TICKET',
    ticket: { id: 5, uuid: 'uuid-5', userId, status: 'open', user: { name: 'Bruno' }, queue: { name: 'Suporte' } },
  });

function open() {
  const props = { onClose: vi.fn(), onOpened: vi.fn(), onHeld: vi.fn() };
  renderWithProviders(<NewTicketModal open user={makeUser()} queues={queues} {...props} />);
  return props;
}

async function chooseContact() {
  const input = screen.getByRole('combobox', { name: 'Digite para pesquisar o contato' });
  await userEvent.type(input, 'ma');
  await new Promise((r) => setTimeout(r, 600));
  expect(api.get).not.toHaveBeenCalledWith('/contacts', expect.anything());
  await userEvent.type(input, 'r');
  await userEvent.click(await screen.findByRole('option', { name: 'Maria - 5511988887777' }, { timeout: 3000 }));
  expect(api.get).toHaveBeenCalledWith('/contacts', { searchParam: 'mar', pageNumber: 1 });
}

async function chooseQueue(name: string) {
  await userEvent.click(within(screen.getByTestId('new-ticket-queue')).getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('NewTicketModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/contacts') return { contacts: [{ id: 3, name: 'Maria', number: '5511988887777' }], hasMore: false };
      if (path === '/whatsapp/') return [{ id: 1, name: 'Sim', isDefault: true }];
      return [];
    });
  });

  test('OK waits for a contact; a queue is required; the new ticket opens', async () => {
    api.post.mockResolvedValue({ id: 9, uuid: 'uuid-9', status: 'open', queueId: 2 });
    const props = open();
    expect(screen.getByTestId('new-ticket-ok')).toBeDisabled();
    await chooseContact();
    await userEvent.click(screen.getByTestId('new-ticket-ok'));
    expect(await screen.findByText('Selecione uma fila')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
    await chooseQueue('Suporte');
    await userEvent.click(screen.getByTestId('new-ticket-ok'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/tickets', {
        contactId: 3,
        userId: 7,
        status: 'open',
        queueId: 2,
        whatsappId: 1,
        companyId: 2,
      }),
    );
    expect(props.onOpened).toHaveBeenCalledWith({ uuid: 'uuid-9', status: 'open' });
  });

  test("a ticket held by someone else shows who; the user's own opens", async () => {
    api.post.mockRejectedValueOnce(conflict(9)).mockRejectedValueOnce(conflict(7));
    const props = open();
    await chooseContact();
    await chooseQueue('Vendas');
    await userEvent.click(screen.getByTestId('new-ticket-ok'));
    await waitFor(() => expect(props.onHeld).toHaveBeenCalledWith(expect.objectContaining({ userName: 'Bruno', queueName: 'Suporte' })));
    await userEvent.click(screen.getByTestId('new-ticket-ok'));
    await waitFor(() => expect(props.onOpened).toHaveBeenCalledWith({ uuid: 'uuid-5', status: 'open' }));
  });
});

import type { QueueView } from '@chatflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import QueueModal from './QueueModal';
import { queueView } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));
vi.mock('../../app/providers/SocketProvider', () => ({ useCompanyEvent: () => undefined }));

let scheduleType = 'disabled';
const onClose = vi.fn();
const open = (queue: QueueView | null = null) => renderWithProviders(<QueueModal open queue={queue} onClose={onClose} />);

describe('QueueModal', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    scheduleType = 'disabled';
    api.get.mockImplementation(async (path: string) => {
      if (path === '/companySettingOne') return { key: 'scheduleType', value: scheduleType };
      if (path === '/users')
        return {
          users: [{ id: 7, name: 'Ana', email: 'ana@empresa.com', profile: 'user', online: true, queues: [] }],
          count: 1,
          hasMore: false,
        };
      if (path === '/users/7') return { id: 7, name: 'Ana', email: 'ana@empresa.com' };
      if (path === '/files')
        return {
          files: [{ id: 9, name: 'Catálogo', message: 'm', userId: 1, options: [], createdAt: '', updatedAt: '' }],
          count: 1,
          hasMore: false,
        };
      if (path === '/queue') return [];
      if (path === '/queueIntegration') return { queueIntegrations: [{ id: 4, name: 'Typebot Vendas' }], count: 1, hasMore: false };
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockImplementation(async (_: string, body: object) => ({ id: 1, ...body }));
  });

  test('builds a two-level chatbot: names of at least 4 characters, a message before a sub-menu, then saves the nested tree', async () => {
    open();
    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Vendas' } });
    fireEvent.click(screen.getByTestId('chatbot-add-1'));
    const option = screen.getByTestId('chatbot-option-1');
    fireEvent.change(within(option).getByTestId('chatbot-option-name'), { target: { value: 'abc' } });
    // No message yet: the sub-menu cannot be opened.
    expect(within(option).getByTestId('chatbot-add-2')).toBeDisabled();
    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await within(option).findByText('Muito curto!')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(within(option).getByTestId('chatbot-option-name'), { target: { value: 'abcd' } });
    fireEvent.change(within(option).getByTestId('chatbot-option-message'), { target: { value: 'Escolha o assunto' } });
    fireEvent.click(within(option).getByTestId('chatbot-add-2'));
    const child = screen.getByTestId('chatbot-option-2');
    fireEvent.change(within(child).getByTestId('chatbot-option-name'), { target: { value: 'Falar com a Ana' } });
    fireEvent.change(within(child).getByTestId('chatbot-option-type'), { target: { value: 'attendent' } });
    // The attendant is searched on the server from 3 characters, not picked from every user.
    const attendant = await within(child).findByRole('combobox', { name: 'Atendente' });
    fireEvent.change(attendant, { target: { value: 'An' } });
    expect(await screen.findByText('Digite ao menos 3 letras do nome ou e-mail')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalledWith('/users', expect.anything());
    fireEvent.change(attendant, { target: { value: 'Ana' } });
    await userEvent.click(await screen.findByRole('option', { name: 'Ana · ana@empresa.com' }, { timeout: 3000 }));
    expect(api.get).toHaveBeenCalledWith('/users', { searchParam: 'Ana', pageNumber: 1 });
    expect(api.get).not.toHaveBeenCalledWith('/users/list');
    fireEvent.click(screen.getByTestId('queue-save'));

    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Bot saved successfully'));
    const [path, body] = api.post.mock.calls[0];
    expect(path).toBe('/queue');
    expect(body.chatbots).toEqual([
      {
        name: 'abcd',
        greetingMessage: 'Escolha o assunto',
        queueType: 'text',
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optIntegrationId: null,
        optFileId: null,
        options: [
          {
            name: 'Falar com a Ana',
            greetingMessage: '',
            queueType: 'attendent',
            closeTicket: false,
            optQueueId: null,
            optUserId: 7,
            optIntegrationId: null,
            optFileId: null,
            options: [],
          },
        ],
      },
    ]);
  });

  test("the queue's bot is chosen among the company's integrations and saved with the queue", async () => {
    open();
    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Vendas' } });
    await userEvent.click(within(screen.getByTestId('queue-integration')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Typebot Vendas' }));
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][1]).toMatchObject({ name: 'Vendas', integrationId: 4 });
  });

  test("the queue's file list is chosen among the company's lists and saved as fileListId; the rotation minutes go as text", async () => {
    open();
    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Vendas' } });
    await userEvent.click(within(screen.getByTestId('queue-file-list')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Catálogo' }));
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][1]).toMatchObject({ name: 'Vendas', fileListId: 9, tempoRoteador: '0' });
  });

  test("an integration option runs one of the company's integrations: the type and its picker", async () => {
    open();
    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Vendas' } });
    await userEvent.click(screen.getByTestId('chatbot-add-1'));
    const option = screen.getByTestId('chatbot-option-1');
    fireEvent.change(within(option).getByTestId('chatbot-option-name'), { target: { value: 'Meus pedidos' } });
    await userEvent.click(within(option).getByRole('combobox', { name: 'Tipo' }));
    const types = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(types).toEqual(['Texto', 'Atendente', 'Fila', 'Integração', 'Lista de arquivos']);
    await userEvent.click(screen.getByRole('option', { name: 'Integração' }));
    // No integration chosen: the form says so before any call.
    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await within(option).findByText('Obrigatório')).toBeInTheDocument();
    await userEvent.click(within(option).getByRole('combobox', { name: 'Integração' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Typebot Vendas' }));
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][1].chatbots[0]).toMatchObject({
      name: 'Meus pedidos',
      queueType: 'integration',
      optIntegrationId: 4,
      optUserId: null,
      optQueueId: null,
      optFileId: null,
    });
  });

  test('the token is write-only: typed to set it, kept when left blank, removed on request', async () => {
    api.put.mockImplementation(async (_: string, body: object) => ({ id: 3, ...body }));
    const stored = queueView(3, 'Suporte', { color: '#123456', hasToken: true });
    const first = open(stored);
    expect(screen.getByTestId('queue-token')).toHaveValue('');
    expect(screen.getByText(/Token definido/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0][1]).not.toHaveProperty('token');
    first.unmount();

    open(stored);
    await userEvent.click(screen.getByTestId('queue-token-remove'));
    expect(screen.getByText('O token será removido ao salvar.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(2));
    expect(api.put.mock.calls[1][1]).toMatchObject({ token: '' });
  });

  test('a new queue sends the token typed', async () => {
    open();
    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Vendas' } });
    fireEvent.change(screen.getByTestId('queue-token'), { target: { value: 'abc123token' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][1]).toMatchObject({ name: 'Vendas', token: 'abc123token' });
  });

  test("with scheduleType 'queue' the schedules tab shows; hours need the out-of-hours message", async () => {
    scheduleType = 'queue';
    open();
    await userEvent.type(screen.getByTestId('queue-name'), 'Vendas');
    await userEvent.click(await screen.findByTestId('queue-tab-schedules'));
    await userEvent.click(screen.getByRole('button', { name: 'Definir horários' }));
    expect(screen.getAllByTestId('schedule-row')).toHaveLength(7);
    expect(screen.getByText('Clique em salvar para registar as alterações')).toBeInTheDocument();
    const start = screen.getByRole('textbox', { name: 'Segunda-feira Início 1º turno' });
    expect(start).toHaveValue('08:00');
    await userEvent.clear(start);
    await userEvent.type(start, '0730');
    expect(start).toHaveValue('07:30');
    await userEvent.click(screen.getByTestId('queue-save'));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('queue-out-of-hours'), 'Estamos fechados');
    await userEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const body = api.post.mock.calls[0][1];
    expect(body.schedules[0]).toMatchObject({
      weekday: 'Segunda-feira',
      startTimeA: '07:30',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(body.outOfHoursMessage).toBe('Estamos fechados');
  });
});

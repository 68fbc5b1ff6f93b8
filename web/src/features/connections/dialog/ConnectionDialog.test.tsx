import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { connectionView } from '../testing';
import ConnectionDialog from './ConnectionDialog';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const settings = vi.hoisted(() => ({ userRating: 'disabled', scheduleType: 'disabled' }));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: { id: 1, companyId: 2 } }) }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notify }));

const queues = [{ id: 7, name: 'Suporte', color: '#00ff00' }];

describe('ConnectionDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    settings.userRating = 'disabled';
    settings.scheduleType = 'disabled';
    api.get.mockImplementation(async (path: string) => {
      if (path === '/queue') return queues;
      if (path === '/companySettings/2') return { ...settings };
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockImplementation(async (_path: string, body: { name: string }) => connectionView(9, body.name));
    api.put.mockImplementation(async (path: string, body: object) => ({ ...connectionView(Number(path.split('/').pop()), 'x'), ...body }));
  });

  test('a greeting file that is not an image or video is refused before anything is saved', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ConnectionDialog connection={null} onClose={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Loja');
    await user.click(screen.getByRole('tab', { name: /mensagens/i }));
    await user.upload(screen.getByTestId('greeting-media-input'), new File(['oi'], 'saudacao.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Arquivo inválido!', 'error', 2000));
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a greeting media the server refuses after the save: the next save updates that connection, not a second one', async () => {
    api.post.mockImplementation(async (path: string, body: { name: string }) => {
      if (path === '/whatsapp') return connectionView(9, body.name);
      throw new ApiError(400, 'ERR_INVALID_FILE');
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<ConnectionDialog connection={null} onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Loja');
    await user.click(screen.getByRole('tab', { name: /mensagens/i }));
    await user.upload(screen.getByTestId('greeting-media-input'), new File(['x'], 'saudacao.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/whatsapp/9', expect.objectContaining({ name: 'Loja' })));
    expect(api.post.mock.calls.filter(([path]) => path === '/whatsapp')).toHaveLength(1);
  });

  test('the name rule of the contract shows under the field and nothing is sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionDialog connection={null} onClose={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('errorSendQueue opens the chatbot tab with the spec message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionDialog connection={null} onClose={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Loja');
    await user.click(screen.getByRole('tab', { name: 'Chatbot' }));
    const time = screen.getByRole('spinbutton', { name: 'Redirecionar para a fila após' });
    await user.clear(time);
    await user.type(time, '5');
    await user.click(screen.getByRole('tab', { name: 'Geral' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(/Foi informado tempo para redirecionar fila, porém não foi selecionada fila/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Chatbot' })).toHaveAttribute('aria-selected', 'true');
    expect(api.post).not.toHaveBeenCalled();
  });

  test('with ratings on, the assessments tab requires the message and expiry (errorExpiresNPS)', async () => {
    settings.userRating = 'enabled';
    const user = userEvent.setup();
    renderWithProviders(<ConnectionDialog connection={null} onClose={vi.fn()} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/companySettings/2'));
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Loja');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findAllByText(/Com a avaliação ativa/)).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Avaliações' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the schedules tab exists only with scheduleType connection, and editing sends every field with the queues', async () => {
    settings.scheduleType = 'connection';
    const user = userEvent.setup();
    const onClose = vi.fn();
    const existing = connectionView(4, 'Loja', { queues: [queues[0]], greetingMessage: 'Oi' });
    renderWithProviders(<ConnectionDialog connection={existing} onClose={onClose} />);
    await screen.findByRole('tab', { name: 'Horários' });
    expect(screen.getByTestId('connection-token')).toHaveValue('A'.repeat(30));
    await user.click(screen.getByRole('tab', { name: 'Mensagens' }));
    await user.type(screen.getByRole('textbox', { name: 'Mensagem de conclusão' }), 'Tchau');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, body] = api.put.mock.calls[0];
    expect(path).toBe('/whatsapp/4');
    expect(body).toMatchObject({ name: 'Loja', complationMessage: 'Tchau', greetingMessage: 'Oi', queueIds: [7], maxUseBotQueues: 3 });
    expect(body.schedules).toHaveLength(7);
  });

  test('schedule times are typed through the ##:## mask, and an edit says to click save', async () => {
    settings.scheduleType = 'connection';
    const user = userEvent.setup();
    const existing = connectionView(4, 'Loja', { queues: [queues[0]], greetingMessage: 'Oi' });
    renderWithProviders(<ConnectionDialog connection={existing} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('tab', { name: 'Horários' }));
    expect(screen.queryByTestId('schedules-click-save')).toBeNull();
    const first = screen.getAllByPlaceholderText('HH:mm')[0];
    await user.clear(first);
    await user.type(first, '0730');
    expect(first).toHaveValue('07:30');
    expect(screen.getByTestId('schedules-click-save')).toHaveTextContent('Clique em salvar para registar as alterações');
  });

  test('without scheduleType connection there is no schedules tab and schedules are not sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConnectionDialog connection={connectionView(4, 'Loja')} onClose={vi.fn()} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/companySettings/2'));
    expect(within(screen.getByRole('tablist')).queryByRole('tab', { name: 'Horários' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0][1].schedules).toBeUndefined();
  });

  test('a new WhatsApp API oficial connection requires its phone number id and token, then sends them with the channel', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<ConnectionDialog connection={null} channel="whatsappapi" onClose={onClose} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/companySettings/2'));
    expect(screen.queryByTestId('connection-provider')).not.toBeInTheDocument();
    expect(screen.queryByText('Importar mensagens do aparelho')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Oficial');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(api.post).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('connection-facebookPageUserId'), '106540352242922');
    await user.type(screen.getByTestId('connection-wabaId'), '102290129340398');
    const token = screen.getByTestId('connection-tokenMeta');
    expect(token).toHaveAttribute('type', 'password');
    await user.type(token, 'EAAG-secret');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, body] = api.post.mock.calls[0];
    expect(path).toBe('/whatsapp');
    expect(body).toMatchObject({
      name: 'Oficial',
      channel: 'whatsappapi',
      facebookPageUserId: '106540352242922',
      wabaId: '102290129340398',
      tokenMeta: 'EAAG-secret',
    });
  });

  test('Meta refusing the token for the phone number id shows under that field, on the general tab, and the dialog stays open', async () => {
    api.post.mockRejectedValue(new ApiError(400, 'ERR_META_NUMBER_NOT_OWNED'));
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<ConnectionDialog connection={null} channel="whatsappapi" onClose={onClose} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/companySettings/2'));
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Oficial');
    await user.type(screen.getByTestId('connection-facebookPageUserId'), '106540352242922');
    await user.type(screen.getByTestId('connection-tokenMeta'), 'EAAG-not-theirs');
    await user.click(screen.getByRole('tab', { name: 'Mensagens' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const field = (await screen.findByTestId('connection-facebookPageUserId')).closest('.MuiFormControl-root') as HTMLElement;
    expect(
      await within(field).findByText(
        'A Meta não confirmou que este token pode usar este ID de número do WhatsApp. Confira o ID e o token.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('editing a Cloud API connection with a stored token: the token starts empty, the hint says empty keeps it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const existing = connectionView(6, 'Oficial', {
      channel: 'whatsappapi',
      provider: 'whatsappapi',
      facebookPageUserId: '106540352242922',
      hasToken: true,
    });
    renderWithProviders(<ConnectionDialog connection={existing} onClose={onClose} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/companySettings/2'));
    expect(screen.getByTestId('connection-facebookPageUserId')).toHaveValue('106540352242922');
    expect(screen.getByTestId('connection-tokenMeta')).toHaveValue('');
    expect(screen.getByText('Deixe em branco para manter o token salvo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, body] = api.put.mock.calls[0];
    expect(path).toBe('/whatsapp/6');
    expect(body).toMatchObject({ facebookPageUserId: '106540352242922', tokenMeta: '' });
  });
  test('setting an import range on a connected phone saves, warns until closed, then deletes the session to pair again', async () => {
    api.delete.mockResolvedValue({ message: 'Session disconnected.' });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const connected = connectionView(4, 'Celular', { status: 'CONNECTED' });
    renderWithProviders(<ConnectionDialog connection={connected} onClose={onClose} />);
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const from = screen.getByLabelText('Data de início da importação');
    await user.clear(from);
    await user.type(from, monthAgo);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith('/whatsapp/4', expect.objectContaining({ importOldMessages: monthAgo }));
    expect(api.delete).toHaveBeenCalledWith('/whatsappsession/4');
    expect(api.put.mock.invocationCallOrder[0]).toBeLessThan(api.delete.mock.invocationCallOrder[0]);
    const warning = await screen.findByText(/para importar as mensagens antigas, esta conexão foi desconectada/);
    // The dialog's mock onClose leaves it open, so the toast sits behind its modal layer (aria-hidden).
    await user.click(within(warning.closest('.notistack-MuiContent') as HTMLElement).getByLabelText('Fechar'));
    await waitFor(() => expect(screen.queryByText(/esta conexão foi desconectada/)).not.toBeInTheDocument());
  });

  test('editing a connected phone without an import range, or a disconnected one with it, keeps the session', async () => {
    const user = userEvent.setup();
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(<ConnectionDialog connection={connectionView(4, 'Celular')} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    unmount();
    renderWithProviders(<ConnectionDialog connection={connectionView(5, 'Loja', { status: 'DISCONNECTED' })} onClose={onClose} />);
    await user.type(screen.getByLabelText('Data de início da importação'), monthAgo);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(api.delete).not.toHaveBeenCalled();
  });
});

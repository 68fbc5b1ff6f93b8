import type { TicketStatus } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { agent, message, ticket } from '../testing';
import { MessageInput } from './MessageInput';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const auth = vi.hoisted(() => ({ settings: [{ key: 'sendSignMessage', value: 'enabled' }] }));
vi.mock('../../../app/providers/AuthProvider', () => ({
  useAuth: () => ({ user: agent({ company: { id: 2, name: 'Acme', dueDate: '2999-12-31', settings: auth.settings, plan: null } }) }),
}));
const mocked = vi.mocked(api);

const textBox = () => screen.getByTestId('message-text') as HTMLTextAreaElement;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  auth.settings = [{ key: 'sendSignMessage', value: 'enabled' }];
  mocked.post.mockResolvedValue(message({ id: 99, fromMe: true }));
  mocked.get.mockResolvedValue([]);
});

describe('MessageInput', { timeout: 20_000 }, () => {
  test.each<[TicketStatus, boolean]>([
    ['open', true],
    ['group', true],
    ['pending', false],
    ['closed', false],
  ])('status %s: input enabled = %s', (status, enabled) => {
    renderWithProviders(<MessageInput ticket={ticket({ status })} replyTo={null} onClearReply={() => {}} />);
    expect(textBox().disabled).toBe(!enabled);
    expect(screen.getByTestId('attach')).toHaveProperty('disabled', !enabled);
    if (!enabled) expect(textBox()).toHaveAttribute('placeholder', 'Reabra ou aceite esse ticket para enviar uma mensagem.');
  });

  test('Enter sends the trimmed text with the signature choice; Shift+Enter adds a line', async () => {
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    await userEvent.type(textBox(), '  Olá{Shift>}{Enter}{/Shift}tudo bem?  ');
    expect(textBox().value).toBe('  Olá\ntudo bem?  ');
    expect(mocked.post).not.toHaveBeenCalled();
    await userEvent.type(textBox(), '{Enter}');
    await waitFor(() => expect(mocked.post).toHaveBeenCalledTimes(1));
    expect(mocked.post).toHaveBeenCalledWith('/messages/10', {
      body: 'Olá\ntudo bem?',
      fromMe: true,
      read: true,
      isPrivate: false,
      signMessage: true,
      quotedMsg: null,
    });
    expect(textBox().value).toBe('');
  });

  test('empty or blank text is never sent', async () => {
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    await userEvent.type(textBox(), '{Enter}');
    await userEvent.type(textBox(), '    {Enter}');
    expect(mocked.post).not.toHaveBeenCalled();
    expect(screen.queryByTestId('send')).toBeNull(); // the mic stands in for send while there is nothing to send
  });

  test('a reply quotes the message; private and signature toggles go with it; signature off is remembered', async () => {
    const onClearReply = vi.fn();
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={message({ id: 5, body: 'pergunta' })} onClearReply={onClearReply} />);
    expect(screen.getByTestId('reply-bar')).toHaveTextContent('pergunta');
    await userEvent.click(screen.getByTestId('private-toggle'));
    await userEvent.click(screen.getByRole('switch'));
    expect(localStorage.getItem('signMessage')).toBe('false');
    await userEvent.type(textBox(), 'nota{Enter}');
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        '/messages/10',
        expect.objectContaining({
          body: 'nota',
          isPrivate: true,
          signMessage: false,
          quotedMsg: { id: 5 },
        }),
      ),
    );
    expect(onClearReply).toHaveBeenCalled();
  });

  test('without the company setting sendSignMessage there is no signature toggle and nothing is signed', async () => {
    auth.settings = [{ key: 'sendSignMessage', value: 'disabled' }];
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    expect(screen.queryByTestId('sign-toggle')).toBeNull();
    await userEvent.type(textBox(), 'oi{Enter}');
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/messages/10', expect.objectContaining({ signMessage: false })));
  });

  test('"/" lists quick messages and picking one puts its text in the input', async () => {
    mocked.get.mockResolvedValue([
      {
        id: 1,
        companyId: 2,
        userId: null,
        shortcode: 'ola',
        message: `Olá! ${'x'.repeat(100)}`,
        mediaPath: null,
        mediaName: null,
        geral: true,
        visao: true,
      },
    ]);
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Respostas rápidas' }));
    expect(textBox().value).toBe('/');
    const item = await screen.findByText('/ola');
    expect(mocked.get).toHaveBeenCalledWith('/quick-messages/list', { companyId: 2, userId: 7 });
    expect(screen.getByText(`Olá! ${'x'.repeat(85)}...`)).toBeInTheDocument();
    await userEvent.click(item);
    expect(textBox().value).toBe(`Olá! ${'x'.repeat(100)}`);
  });

  test('files are previewed with a caption each and sent as one multipart request', async () => {
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    const a = new File(['aaa'], 'a.png', { type: 'image/png' });
    const b = new File(['bbb'], 'b.pdf', { type: 'application/pdf' });
    globalThis.URL.createObjectURL ??= () => 'blob:x';
    globalThis.URL.revokeObjectURL ??= () => {};
    await userEvent.upload(screen.getByTestId('input-media'), [a]);
    await userEvent.upload(screen.getByTestId('input-document'), [b]);
    const captions = await screen.findAllByLabelText('Legenda');
    expect(captions).toHaveLength(2);
    await userEvent.type(captions[1], 'contrato');
    await userEvent.click(screen.getByTestId('media-send'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledTimes(1));
    const [path, form] = mocked.post.mock.calls[0] as [string, FormData];
    expect(path).toBe('/messages/10');
    expect(form.getAll('body')).toEqual(['', 'contrato']);
    expect((form.getAll('medias') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
  });

  test('refused files keep the dialog open with the reason inside it; removing the file clears it', async () => {
    mocked.post.mockRejectedValue(new ApiError(400, 'ERR_INVALID_FILE'));
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    globalThis.URL.createObjectURL ??= () => 'blob:x';
    globalThis.URL.revokeObjectURL ??= () => {};
    await userEvent.upload(screen.getByTestId('input-media'), [new File(['just text'], 'foto.png', { type: 'image/png' })]);
    await userEvent.click(await screen.findByTestId('media-send'));
    const dialog = screen.getByRole('dialog', { name: 'Enviar arquivos' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Arquivo inválido!');
    expect(within(dialog).getByText('foto.png')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.upload(screen.getByTestId('input-media'), [new File(['x'], 'outra.png', { type: 'image/png' })]);
    expect(within(await screen.findByRole('dialog')).queryByTestId('media-error')).toBeNull();
  });
});

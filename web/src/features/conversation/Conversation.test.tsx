import type { TicketView } from '@chatflow/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, api } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import Conversation from './Conversation';
import { AGENT_ID, agent, message, ticket } from './testing';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const companySettings = vi.hoisted(() => ({ list: [] as { key: string; value: string }[] }));
vi.mock('../../app/providers/AuthProvider', () => ({
  useAuth: () => {
    const user = agent();
    return { user: { ...user, company: { ...user.company, settings: companySettings.list } } };
  },
}));
const socket = vi.hoisted(() => ({ emit: vi.fn(), on: vi.fn(), off: vi.fn(), connected: true }));
const listeners = vi.hoisted(() => new Map<string, Set<(payload: unknown) => void>>());
vi.mock('../../app/providers/SocketProvider', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    useSocket: () => socket,
    useCompanyEvent: (kind: string, fn: (p: unknown) => void) => {
      const ref = useRef(fn);
      ref.current = fn;
      useEffect(() => {
        const handler = (p: unknown) => ref.current(p);
        if (!listeners.has(kind)) listeners.set(kind, new Set());
        listeners.get(kind)?.add(handler);
        return () => void listeners.get(kind)?.delete(handler);
      }, [kind]);
    },
  };
});
/** A company event as the socket would deliver it to every subscribed hook. */
const emit = (kind: string, payload: unknown) =>
  act(() => {
    for (const handler of listeners.get(kind) ?? []) handler(payload);
  });
const mocked = vi.mocked(api);

let current: TicketView;
function serve(t: TicketView) {
  current = t;
  mocked.get.mockImplementation(async (path: string) => {
    if (path === `/tickets/u/${t.uuid}`) return current;
    if (path === `/messages/${t.uuid}`) return { messages: [message({ id: 1, body: 'Oi, preciso de ajuda' })], hasMore: false };
    if (path === '/tags/list') return [];
    if (path.startsWith('/whatsapp/')) return { id: Number(path.split('/')[2]), name: 'WhatsApp', status: 'CONNECTED' };
    throw new Error(`unexpected GET ${path}`);
  });
  return renderWithProviders(
    <Routes>
      <Route path="/tickets/:uuid" element={<Conversation uuid={t.uuid} />} />
      <Route path="/tickets" element={<div data-testid="ticket-list" />} />
    </Routes>,
    { route: `/tickets/${t.uuid}` },
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mocked.post.mockResolvedValue(null);
});

describe('Conversation', { timeout: 20_000 }, () => {
  test('opening a ticket joins its chat box, marks it read and shows header and messages', async () => {
    serve(ticket());
    expect(await screen.findByText('Oi, preciso de ajuda', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('header-name')).toHaveTextContent('Maria');
    expect(socket.emit).toHaveBeenCalledWith('joinChatBox', 'u-10');
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/tickets/10/read'));
  });

  test('realtime: create appends, update replaces, delete marks the message deleted; ticket update refreshes the header', async () => {
    serve(ticket());
    await screen.findByText('Oi, preciso de ajuda', {}, { timeout: 4000 });
    const t = ticket();
    emit('appMessage', { action: 'create', message: message({ id: 2, body: 'nova mensagem' }), ticket: t });
    expect(await screen.findByText('nova mensagem', {}, { timeout: 4000 })).toBeInTheDocument();
    emit('appMessage', {
      action: 'create',
      message: message({ id: 3, ticketId: 11, body: 'de outro ticket', ticket: { ...message().ticket, id: 11, uuid: 'u-11' } }),
      ticket: t,
    });
    emit('appMessage', { action: 'update', message: message({ id: 2, body: 'nova mensagem', isEdited: true }), ticket: t });
    await waitFor(() => expect(document.querySelector('[data-message-id="2"]')).toHaveTextContent('Editada'));
    emit('appMessage', { action: 'delete', messageId: 1, ticketId: 10 });
    await waitFor(() => expect(screen.queryByText('Oi, preciso de ajuda')).toBeNull());
    expect(document.querySelector('[data-message-id="1"]')).toHaveTextContent(/Essa mensagem foi apagada/);
    expect(screen.queryByText('de outro ticket')).toBeNull();
    emit('ticket', { action: 'update', ticket: ticket({ contact: { ...t.contact, name: 'Maria Souza' } }) });
    await waitFor(() => expect(screen.getByTestId('header-name')).toHaveTextContent('Maria Souza'));
  });

  test('back to a ticket shown before, its messages are refetched: what came while another was open is there', async () => {
    const { client, unmount } = serve(ticket());
    await screen.findByText('Oi, preciso de ajuda', {}, { timeout: 4000 });
    unmount();
    const get = mocked.get.getMockImplementation()!;
    mocked.get.mockImplementation(async (path: string) =>
      path === '/messages/u-10'
        ? { messages: [message({ id: 2, body: 'enquanto estava fora' }), message({ id: 1, body: 'Oi, preciso de ajuda' })], hasMore: false }
        : get(path),
    );
    renderWithProviders(
      <Routes>
        <Route path="/tickets/:uuid" element={<Conversation uuid="u-10" />} />
      </Routes>,
      { route: '/tickets/u-10', client },
    );
    expect(await screen.findByText('enquanto estava fora', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  test('a pending ticket offers accept and ignore; the input is disabled', async () => {
    serve(ticket({ status: 'pending', userId: null, user: null }));
    await screen.findByTestId('ticket-accept');
    expect(screen.getByTestId('ticket-ignore')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-resolve')).toBeNull();
    expect(screen.getByTestId('message-text')).toBeDisabled();
    mocked.put.mockResolvedValue(ticket({ status: 'open' }));
    await userEvent.click(screen.getByTestId('ticket-accept'));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/tickets/10', { status: 'open', userId: AGENT_ID, queueId: 1 }));
    // Accepted and now the agent's: the conversation stays, with the input enabled.
    await waitFor(() => expect(screen.getByTestId('message-text')).not.toBeDisabled());
  });

  test('a pending ticket without a queue asks for one before accepting', async () => {
    serve(ticket({ status: 'pending', queueId: null, queue: null, userId: null, user: null }));
    await userEvent.click(await screen.findByTestId('ticket-accept'));
    expect(mocked.put).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    mocked.put.mockResolvedValue(ticket({ status: 'open' }));
    await userEvent.click(screen.getByTestId('accept-start'));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/tickets/10', { status: 'open', userId: AGENT_ID, queueId: 1 }));
  });

  test('resolve with farewell closes the ticket and goes to the list', async () => {
    serve(ticket());
    mocked.put.mockResolvedValue(ticket({ status: 'closed' }));
    await userEvent.click(await screen.findByTestId('ticket-resolve'));
    await userEvent.click(await screen.findByText('Com mensagem de despedida'));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith('/tickets/10', { status: 'closed', userId: AGENT_ID, queueId: 1, sendFarewellMessage: true }),
    );
    expect(await screen.findByTestId('ticket-list')).toBeInTheDocument();
  });

  test('with ratings on, "resolve and send rating" asks for the rating of the ticket\'s connection; off, the entry is absent', async () => {
    serve(ticket());
    await userEvent.click(await screen.findByTestId('ticket-resolve'));
    expect(await screen.findByText('Sem mensagem')).toBeInTheDocument();
    expect(screen.queryByText('Resolver e enviar avaliação')).toBeNull();
    await userEvent.keyboard('{Escape}');

    companySettings.list = [{ key: 'userRating', value: 'enabled' }];
    try {
      serve(ticket());
      mocked.put.mockResolvedValue(ticket({ status: 'closed' }));
      const buttons = await screen.findAllByTestId('ticket-resolve');
      await userEvent.click(buttons.at(-1) as HTMLElement);
      await userEvent.click(await screen.findByText('Resolver e enviar avaliação'));
      await waitFor(() =>
        expect(mocked.put).toHaveBeenCalledWith('/tickets/10', {
          status: 'closed',
          userId: AGENT_ID,
          queueId: 1,
          sendFarewellMessage: true,
          ratingId: 1,
        }),
      );
    } finally {
      companySettings.list = [];
    }
  });

  test('closing without a required tag shows the server message and stays', async () => {
    serve(ticket());
    mocked.put.mockRejectedValue(new ApiError(400, 'ERR_TICKET_REQUIRES_TAG'));
    await userEvent.click(await screen.findByTestId('ticket-resolve'));
    await userEvent.click(await screen.findByText('Sem mensagem'));
    expect(await screen.findByText('Você deve atribuir uma tag antes de fechar o ticket.')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-list')).toBeNull();
  });

  test('transfer needs a queue; handed to another user the ticket leaves this screen', async () => {
    serve(ticket());
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/queue')
        return [
          { id: 1, name: 'Vendas', color: '#f00' },
          { id: 2, name: 'Suporte', color: '#0f0' },
        ];
      if (path === '/users/list')
        return [
          {
            id: 8,
            name: 'Bruno',
            email: '',
            profile: 'user',
            online: true,
            profileImage: null,
            queues: [{ id: 2, name: 'Suporte', color: '#0f0' }],
          },
        ];
      if (path === '/tags/list') return [];
      if (path.startsWith('/messages/')) return { messages: [], hasMore: false };
      return current;
    });
    await userEvent.click(await screen.findByTestId('ticket-more'));
    await userEvent.click(await screen.findByTestId('more-transfer'));
    await userEvent.click(screen.getByTestId('transfer-confirm'));
    expect(await screen.findByText('Selecione uma fila')).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();
    await userEvent.click(within(screen.getByTestId('transfer-queue')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Suporte' }));
    await userEvent.click(within(screen.getByTestId('transfer-user')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Bruno' }));
    mocked.put.mockResolvedValue(ticket({ userId: 8, queueId: 2 }));
    await userEvent.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith('/tickets/10', {
        queueId: 2,
        userId: 8,
        status: 'open',
        isTransfered: true,
        msgTransfer: undefined,
      }),
    );
    expect(await screen.findByTestId('ticket-list', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  test('the contact drawer is a panel of the ticket area: the page stays in the accessibility tree, toasts included', async () => {
    serve(ticket());
    const served = mocked.get.getMockImplementation();
    mocked.get.mockImplementation(async (path: string, params?: Parameters<typeof api.get>[1]) => {
      if (path === '/contacts/3')
        return {
          ...ticket().contact,
          companyId: 2,
          channel: 'whatsapp',
          lgpdAcceptedAt: null,
          extraInfo: [],
          tags: [],
          whatsapp: null,
          createdAt: '',
          updatedAt: '',
        };
      if (path === '/ticket-notes/list') return [];
      return served?.(path, params);
    });
    mocked.post.mockImplementation(async (path: string) =>
      path === '/ticket-notes'
        ? {
            id: 6,
            note: 'Ligar amanhã',
            ticketId: 10,
            contactId: 3,
            userId: AGENT_ID,
            user: { id: AGENT_ID, name: 'Ana' },
            createdAt: '2024-05-01T10:00:00Z',
            updatedAt: '',
          }
        : null,
    );
    // Named by what it shows (the contact), its action in its title (WCAG 2.5.3).
    const opener = await screen.findByTestId('open-contact');
    expect(opener).toHaveAttribute('title', 'Dados do contato');
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(opener);
    const drawer = screen.getByRole('complementary', { name: 'Dados do contato' });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Fechar' })).toHaveFocus();
    // Not a modal: the conversation beside it is still there for assistive technology.
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();

    await userEvent.type(await within(drawer).findByRole('textbox', { name: 'Observações' }), 'Ligar amanhã');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Observação adicionada com sucesso!');

    // Escape in a dialog opened from the drawer closes that dialog only.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Editar contato' }));
    await screen.findByRole('dialog', { name: 'Editar contato' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{Escape}');
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(opener).toHaveFocus();
  });

  test('Facebook and Instagram tickets show the 24-hour reply window', async () => {
    serve(ticket({ channel: 'instagram' }));
    expect(await screen.findByTestId('reply-window')).toHaveTextContent('24 horas');
  });

  test('WhatsApp Cloud API tickets show the 24-hour reply window too', async () => {
    serve(ticket({ channel: 'whatsappapi' }));
    expect(await screen.findByTestId('reply-window')).toHaveTextContent('24 horas');
  });
});

describe('collision warning', { timeout: 20_000 }, () => {
  const JOANA = 77;
  const viewers = (...list: { userId: number; name: string; typing: boolean }[]) => ({ ticketUuid: 'u-10', viewers: list });
  const me = { userId: AGENT_ID, name: 'Ana', typing: false };

  test('the header shows who else views the ticket and who types, never this user', async () => {
    serve(ticket());
    // The join's answer may come before the ticket is loaded: it is kept for the header.
    emit('ticketViewers', viewers(me, { userId: JOANA, name: 'Joana', typing: false }));
    expect(await screen.findByTestId('also-viewing', {}, { timeout: 4000 })).toHaveTextContent('Também vendo: Joana');
    expect(screen.queryByTestId('viewer-typing')).toBeNull();

    emit('ticketViewers', viewers({ ...me, typing: true }, { userId: JOANA, name: 'Joana', typing: true }));
    expect(await screen.findByTestId('viewer-typing')).toHaveTextContent('Joana está digitando…');
    expect(screen.getByTestId('ticket-viewers')).not.toHaveTextContent('Ana');

    // Another ticket's list changes nothing here; Joana leaving clears the chips.
    emit('ticketViewers', { ticketUuid: 'u-11', viewers: [] });
    expect(screen.getByTestId('viewer-typing')).toBeInTheDocument();
    emit('ticketViewers', viewers(me));
    await waitFor(() => expect(screen.queryByTestId('ticket-viewers')).toBeNull());
  });

  test('typing beats to the chat box, and stops when the text is emptied', async () => {
    serve(ticket());
    await screen.findByText('Oi, preciso de ajuda', {}, { timeout: 4000 });
    await userEvent.type(screen.getByTestId('message-text'), 'Olá');
    expect(socket.emit).toHaveBeenCalledWith('typing', 'u-10', true);
    // Three keystrokes within the beat period make one beat.
    expect(socket.emit.mock.calls.filter(([name]) => name === 'typing')).toHaveLength(1);
    await userEvent.clear(screen.getByTestId('message-text'));
    expect(socket.emit).toHaveBeenLastCalledWith('typing', 'u-10', false);
  });

  test("a reply seconds after another agent's asks for confirmation; Cancelar keeps the text, Enviar sends it", async () => {
    serve(ticket());
    await screen.findByText('Oi, preciso de ajuda', {}, { timeout: 4000 });
    const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    emit('appMessage', {
      action: 'create',
      message: message({ id: 5, fromMe: true, userId: JOANA, body: 'Já te ajudo', createdAt: secondsAgo(12) }),
      ticket: ticket(),
    });
    await screen.findByText('Já te ajudo', {}, { timeout: 4000 });
    const box = screen.getByTestId('message-text');

    await userEvent.type(box, 'Olá{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/Outro atendente respondeu há 1[23] segundos\. Enviar mesmo assim\?/);
    expect(mocked.post).not.toHaveBeenCalledWith('/messages/10', expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box).toHaveValue('Olá');
    expect(mocked.post).not.toHaveBeenCalledWith('/messages/10', expect.anything());

    await userEvent.type(box, '{Enter}');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/messages/10', expect.objectContaining({ body: 'Olá' })));
    expect(box).toHaveValue('');
  });

  test('my own recent reply, or another agent’s older than 30 s, sends at once', async () => {
    serve(ticket());
    await screen.findByText('Oi, preciso de ajuda', {}, { timeout: 4000 });
    const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    emit('appMessage', {
      action: 'create',
      message: message({ id: 5, fromMe: true, userId: JOANA, body: 'antiga', createdAt: secondsAgo(45) }),
      ticket: ticket(),
    });
    emit('appMessage', {
      action: 'create',
      message: message({ id: 6, fromMe: true, userId: AGENT_ID, body: 'minha', createdAt: secondsAgo(3) }),
      ticket: ticket(),
    });
    await screen.findByText('minha', {}, { timeout: 4000 });
    await userEvent.type(screen.getByTestId('message-text'), 'Olá{Enter}');
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/messages/10', expect.objectContaining({ body: 'Olá' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('keyboard shortcuts of the open ticket', { timeout: 20_000 }, () => {
  /** The keys act on the page, not on a field: nothing focused, as after a click on the messages. */
  const pressOnPage = async (keys: string) => {
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await userEvent.keyboard(keys);
  };

  test('A accepts a waiting ticket, as the Aceitar button does', async () => {
    serve(ticket({ status: 'pending', userId: null, user: null }));
    await screen.findByTestId('ticket-accept');
    mocked.put.mockResolvedValue(ticket({ status: 'open' }));
    await pressOnPage('a');
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/tickets/10', { status: 'open', userId: AGENT_ID, queueId: 1 }));
  });

  test('R opens the resolve choices and T the transfer; typed in the reply they are letters', async () => {
    serve(ticket());
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/queue') return [{ id: 1, name: 'Vendas', color: '#f00' }];
      if (path === '/users/list') return [];
      if (path === '/tags/list') return [];
      if (path.startsWith('/messages/')) return { messages: [], hasMore: false };
      return current;
    });
    const box = await screen.findByTestId('message-text');
    await waitFor(() => expect(box).not.toBeDisabled());
    await userEvent.type(box, 'rt');
    expect(screen.queryByText('Com mensagem de despedida')).toBeNull();
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();

    await pressOnPage('r');
    expect(await screen.findByText('Com mensagem de despedida')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Com mensagem de despedida')).toBeNull());

    await pressOnPage('t');
    expect(await screen.findByTestId('transfer-confirm')).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();
  });

  test('A does nothing on a ticket already being attended (no accept button there)', async () => {
    serve(ticket());
    await screen.findByTestId('ticket-resolve');
    await pressOnPage('a');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mocked.put).not.toHaveBeenCalled();
  });
});

import type { ChatMessageView, ChatView } from '@chatflow/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { appendChatMessage } from '../hooks/use-chats';
import { ChatConversation } from './ChatConversation';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const ME = 7;
const chat = (unreads = 0): ChatView => ({
  id: 3,
  uuid: 'c-3',
  title: 'Equipe',
  ownerId: ME,
  lastMessage: '',
  updatedAt: '2026-01-01T10:00:00.000Z',
  users: [
    { userId: ME, unreads, user: { id: ME, name: 'Eu' } },
    { userId: 8, unreads: 0, user: { id: 8, name: 'Ana' } },
  ],
});
const message = (id: number, senderId: number): ChatMessageView => ({
  id,
  chatId: 3,
  senderId,
  sender: { id: senderId, name: senderId === ME ? 'Eu' : 'Ana' },
  message: `mensagem ${id}`,
  createdAt: '2026-01-01T10:00:00.000Z',
});

let visibility: DocumentVisibilityState = 'visible';
const reads = () => api.post.mock.calls.filter(([path]) => path === '/chats/3/read');

beforeEach(() => {
  vi.clearAllMocks();
  Element.prototype.scrollTo ??= () => {}; // jsdom has no layout to scroll
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  api.get.mockResolvedValue({ records: [message(1, 8)], count: 1, hasMore: false });
  api.post.mockResolvedValue(chat(0));
});
afterEach(() => vi.restoreAllMocks());

describe('a message arriving in the chat being read (issue 31)', { timeout: 30_000 }, () => {
  test("is read at once while the chat is open and the page visible, even when the chat's count says 0", async () => {
    const { client } = renderWithProviders(<ChatConversation chat={chat(0)} meId={ME} />);
    await screen.findByText('mensagem 1');
    expect(reads()).toHaveLength(0); // nothing unread on opening: nothing to mark
    act(() => appendChatMessage(client, message(2, 8)));
    await waitFor(() => expect(reads()).toEqual([['/chats/3/read', { userId: ME }]]));
    // The user's own message is not an unread one.
    act(() => appendChatMessage(client, message(3, ME)));
    await screen.findByText('mensagem 3');
    expect(reads()).toHaveLength(1);
  });

  test('waits while the page is hidden, and reads when it shows again', async () => {
    const { client } = renderWithProviders(<ChatConversation chat={chat(0)} meId={ME} />);
    await screen.findByText('mensagem 1');
    visibility = 'hidden';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => appendChatMessage(client, message(2, 8)));
    await screen.findByText('mensagem 2');
    expect(reads()).toHaveLength(0);
    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(reads()).toHaveLength(1));
  });
});

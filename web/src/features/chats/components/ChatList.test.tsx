import type { ChatView } from '@chatflow/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChatList } from './ChatList';

const chat = (over: Partial<ChatView> = {}): ChatView => ({
  id: 1,
  uuid: '6f1c2c1e-4b7e-4a53-9a0f-0d2c7b1e2f3a',
  title: 'Plantão',
  ownerId: 10,
  lastMessage: 'Pode cobrir o turno?',
  updatedAt: '2024-03-05T14:07:00.000Z',
  users: [
    { userId: 10, unreads: 0, user: { id: 10, name: 'Ana' } },
    { userId: 20, unreads: 3, user: { id: 20, name: 'Bruno' } },
  ],
  ...over,
});

const list = (meId: number, chats: ChatView[], handlers = { onSelect: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() }) => {
  renderWithProviders(
    <ChatList
      chats={chats}
      loading={false}
      loadingMore={false}
      meId={meId}
      scrollRef={{ current: null }}
      onScroll={() => {}}
      {...handlers}
    />,
  );
  return handlers;
};

describe('ChatList', () => {
  test('shows the last message, an old date as dd/MM/yyyy, and only the reader’s own unread count', () => {
    list(20, [chat()]);
    expect(screen.getByText('Pode cobrir o turno?')).toBeInTheDocument();
    expect(screen.getByText('05/03/2024')).toBeInTheDocument();
    expect(screen.getByTestId('chat-unreads')).toHaveTextContent('3');
  });

  test('the owner sees edit and delete, and deleting does not open the chat', async () => {
    const handlers = list(10, [chat()]);
    expect(screen.queryByTestId('chat-unreads')).toBeNull(); // the owner has read everything
    await userEvent.click(screen.getByTestId('chat-delete'));
    expect(handlers.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(handlers.onSelect).not.toHaveBeenCalled();
  });

  test('a member who is not the owner gets no edit or delete', () => {
    list(20, [chat()]);
    expect(screen.queryByTestId('chat-edit')).toBeNull();
    expect(screen.queryByTestId('chat-delete')).toBeNull();
  });

  test('an empty list says so', () => {
    list(20, []);
    expect(screen.getByTestId('chat-list-empty')).toHaveTextContent('Nenhum chat ainda');
  });
});

import type { ChatData, ChatMessagePage, ChatMessageView, ChatPage, ChatUnreadView, ChatView } from '@chatflow/contract';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const chatKeys = {
  all: ['chats'] as const,
  lists: () => [...chatKeys.all, 'list'] as const,
  list: (searchParam: string) => [...chatKeys.lists(), searchParam] as const,
  one: (uuid: string) => [...chatKeys.all, 'one', uuid] as const,
  messages: (chatId: number) => [...chatKeys.all, 'messages', chatId] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
};

/** GET /chats {searchParam, pageNumber} → records, hasMore (spec 3 §7): most recent activity first. */
export function useChats(searchParam: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<ChatPage>('/chats', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export const chatsCache = pagedCache<ChatView, 'records', string>({
  field: 'records',
  listsKey: chatKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (c, term) => !term || c.title.toLowerCase().includes(term.toLowerCase()),
  compare: (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id,
});

/** The chat of /chats/{uuid}. */
export function useChat(uuid: string | undefined) {
  return useQuery({
    queryKey: chatKeys.one(uuid ?? ''),
    queryFn: () => api.get<ChatView>(`/chats/${uuid}`),
    enabled: !!uuid,
    retry: false,
  });
}

/** GET /chats/:id/messages: page 1 is the newest; older pages load as the user scrolls up. */
export function useChatMessages(chatId: number | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam }) => api.get<ChatMessagePage>(`/chats/${chatId}/messages`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: !!chatId,
  });
}

type MessagePages = InfiniteData<ChatMessagePage, number>;

/** Puts a new message at the newest end of a loaded conversation, once (the sender's answer and its echo meet here). */
export function appendChatMessage(qc: QueryClient, message: ChatMessageView) {
  qc.setQueryData<MessagePages>(chatKeys.messages(message.chatId), (data) => {
    if (!data?.pages.length) return data;
    if (data.pages.some((p) => p.records.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, records: [message, ...first.records], count: first.count + 1 }, ...rest] };
  });
}

/** A chat changed (title, members, last message, unread counts): every list and the open chat take it. */
export function storeChat(qc: QueryClient, chat: ChatView) {
  chatsCache.upsert(qc, chat);
  qc.setQueryData(chatKeys.one(chat.uuid), chat);
}

/** GET /chats/unread: the sum of the user's unread internal messages, for the menu's dot. */
export function useChatUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: () => api.get<ChatUnreadView>('/chats/unread'),
    enabled,
    staleTime: 60_000,
  });
}

export function useSaveChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: ChatData }) =>
      id === null ? api.post<ChatView>('/chats', values) : api.put<ChatView>(`/chats/${id}`, values),
    onSuccess: (chat) => storeChat(qc, chat),
  });
}

export function useDeleteChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (chat: ChatView) => api.delete(`/chats/${chat.id}`),
    onSuccess: (_, chat) => chatsCache.remove(qc, chat.id),
  });
}

export function useSendChatMessage(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<ChatMessageView>(`/chats/${chatId}/messages`, { message }),
    onSuccess: (message) => appendChatMessage(qc, message),
  });
}

/** POST /chats/:id/read {userId}: the server clears the caller's count; the unread total follows. */
export function useMarkChatRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: number; userId: number }) => api.post<ChatView>(`/chats/${chatId}/read`, { userId }),
    onSuccess: (chat) => {
      storeChat(qc, chat);
      void qc.invalidateQueries({ queryKey: chatKeys.unread() });
    },
  });
}

import type { MessagePage, MessageView } from '@chatflow/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** The pages of GET /messages/:uuid: page 1 holds the newest messages, later pages older ones. */
export type MessagesData = InfiniteData<MessagePage>;

const byTime = (a: MessageView, b: MessageView) => (a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1);

/**
 * The conversation in reading order (oldest first), whatever order the pages hold: pages are walked
 * newest first so a message that a realtime event already put on page 1 wins over a stale copy.
 */
export function flattenMessages(data: MessagesData | undefined): MessageView[] {
  if (!data) return [];
  const seen = new Map<number, MessageView>();
  for (const page of data.pages) for (const m of page.messages) if (!seen.has(m.id)) seen.set(m.id, m);
  return [...seen.values()].sort(byTime);
}

function replaceIn(data: MessagesData, message: MessageView): MessagesData | null {
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => m.id === message.id)) return page;
    found = true;
    return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
  });
  return found ? { ...data, pages } : null;
}

/** Spec 1 §4.2 "add appends or replaces by id": a new message goes on the newest page. */
export function addMessage(data: MessagesData | undefined, message: MessageView): MessagesData | undefined {
  if (!data) return data;
  const replaced = replaceIn(data, message);
  if (replaced) return replaced;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...(first ?? { hasMore: false }), messages: [...(first?.messages ?? []), message] }, ...rest] };
}

/** "update replaces": an update for a message not loaded (an old page not fetched yet) is ignored. */
export function updateMessage(data: MessagesData | undefined, message: MessageView): MessagesData | undefined {
  if (!data) return data;
  return replaceIn(data, message) ?? data;
}

/** "delete removes". */
/**
 * `appMessage` delete: the message stays in the conversation, marked deleted ("Essa mensagem foi apagada"),
 * as the server keeps it; the update announced before it usually marked it already.
 */
export function markMessageDeleted(data: MessagesData | undefined, messageId: number): MessagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.id === messageId ? { ...m, isDeleted: true } : m)) })),
  };
}

export function removeMessage(data: MessagesData | undefined, messageId: number): MessagesData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== messageId) })) };
}

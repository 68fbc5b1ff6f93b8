/** React-query keys of the open ticket: one place, so realtime handlers and mutations edit the same cache. */
export const conversationKeys = {
  ticket: (uuid: string) => ['conversation', 'ticket', uuid] as const,
  messages: (uuid: string) => ['conversation', 'messages', uuid] as const,
  contact: (id: number) => ['conversation', 'contact', id] as const,
  notes: (ticketId: number, contactId: number) => ['conversation', 'notes', ticketId, contactId] as const,
  logs: (ticketId: number) => ['conversation', 'logs', ticketId] as const,
  quickMessages: ['conversation', 'quick-messages'] as const,
  tags: ['conversation', 'tags'] as const,
  queues: ['conversation', 'queues'] as const,
  users: ['conversation', 'users'] as const,
};

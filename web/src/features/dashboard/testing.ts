import type { PanelTicketView } from '@chatflow/contract';

/** A ticket as GET /dashboard/moments answers it (open, nobody's, no connection), with overrides. */
export const panelTicket = (id: number, over: Partial<PanelTicketView> = {}): PanelTicketView => ({
  id,
  uuid: `u-${id}`,
  status: 'open',
  contact: { id, name: `Contato ${id}`, urlPicture: '' },
  lastMessage: '',
  lastMessageMedia: null,
  whatsapp: null,
  queue: null,
  unreadMessages: 0,
  updatedAt: '2026-11-24T12:00:00.000Z',
  userId: null,
  user: null,
  waitingSince: null,
  ...over,
});

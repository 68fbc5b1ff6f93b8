import type { TicketView } from '@chatflow/contract';

/** A ticket as the server presents it, with the fields a test cares about overridden. */
export function makeTicket(id: number, over: Partial<TicketView> = {}): TicketView {
  return {
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    channel: 'whatsapp',
    queueId: 1,
    queue: { id: 1, name: 'Vendas', color: '#ff0000' },
    contactId: id,
    contact: {
      id,
      name: `Contato ${id}`,
      number: `55119999${String(id).padStart(4, '0')}`,
      email: '',
      urlPicture: '',
      disableBot: false,
      active: true,
      acceptAudioMessage: true,
      isGroup: false,
    },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Sim', channel: 'whatsapp', groupAsTicket: 'disabled' },
    userId: 7,
    user: { id: 7, name: 'Ana' },
    lastMessage: 'Olá',
    lastMessageMedia: null,
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    amount: null,
    tags: [],
    userRating: null,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: `2024-01-01T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
    ...over,
  };
}

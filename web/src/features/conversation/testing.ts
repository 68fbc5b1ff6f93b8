import type { MessageView, SessionUserView, TicketView } from '@chatflow/contract';

/** Fixtures for this feature's tests: a message, a ticket and the signed-in agent. */
export const AGENT_ID = 7;

export function message(over: Partial<MessageView> = {}): MessageView {
  const id = over.id ?? 1;
  return {
    id,
    ticketId: 10,
    companyId: 2,
    body: `mensagem ${id}`,
    fromMe: false,
    read: true,
    mediaType: 'conversation',
    mediaUrl: null,
    mediaName: null,
    ack: 0,
    isPrivate: false,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    queueId: null,
    userId: null,
    participant: null,
    dataJson: null,
    contact: { id: 3, name: 'Maria', urlPicture: '' },
    quotedMsg: null,
    ticket: { id: 10, uuid: 'u-10', queueId: null, userId: AGENT_ID, whatsappId: 1 },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...over,
  };
}

export function ticket(over: Partial<TicketView> = {}): TicketView {
  return {
    id: 10,
    uuid: 'u-10',
    status: 'open',
    channel: 'whatsapp',
    queueId: 1,
    queue: { id: 1, name: 'Vendas', color: '#ff0000' },
    contactId: 3,
    contact: {
      id: 3,
      name: 'Maria',
      number: '5511999990001',
      email: '',
      urlPicture: '',
      disableBot: false,
      active: true,
      acceptAudioMessage: true,
      isGroup: false,
    },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Sim', channel: 'whatsapp', groupAsTicket: 'disabled' },
    userId: AGENT_ID,
    user: { id: AGENT_ID, name: 'Ana' },
    lastMessage: '',
    lastMessageMedia: null,
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    amount: null,
    tags: [],
    userRating: null,
    createdAt: '2024-01-01T10:00:00Z',
    updatedAt: '2024-01-01T10:00:00Z',
    ...over,
  };
}

export function agent(over: Partial<SessionUserView> = {}): SessionUserView {
  return {
    id: AGENT_ID,
    companyId: 2,
    name: 'Ana',
    email: 'ana@x.com',
    profile: 'user',
    super: false,
    profileImage: null,
    startWork: '00:00',
    endWork: '23:59',
    whatsappId: null,
    farewellMessage: null,
    defaultMenu: 'open',
    defaultTheme: 'light',
    allTicket: 'disable',
    allowGroup: false,
    allHistoric: 'disabled',
    allUserChat: 'disabled',
    userClosePendingTicket: 'enabled',
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    defaultTicketsManagerWidth: 550,
    online: true,
    queues: [{ id: 1, name: 'Vendas', color: '#ff0000' }],
    createdAt: '2024-01-01T00:00:00Z',
    company: { id: 2, name: 'Acme', dueDate: '2999-12-31', settings: [{ key: 'sendSignMessage', value: 'enabled' }], plan: null },
    ...over,
  } as SessionUserView;
}

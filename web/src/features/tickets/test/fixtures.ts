import type { SessionUserView, TicketView } from '@chatflow/contract';

/** A ticket as the server presents it, with the fields a test cares about overridden. */
export function makeTicket(id: number, over: Partial<TicketView> = {}): TicketView {
  return {
    id, uuid: `uuid-${id}`, status: 'open', channel: 'whatsapp', queueId: 1, queue: { id: 1, name: 'Vendas', color: '#ff0000' },
    contactId: id, contact: {
      id, name: `Contato ${id}`, number: `55119999${String(id).padStart(4, '0')}`, email: '', urlPicture: '', disableBot: false,
      active: true, acceptAudioMessage: true, isGroup: false,
    },
    whatsappId: 1, whatsapp: { id: 1, name: 'Sim', channel: 'whatsapp', groupAsTicket: 'disabled' },
    userId: 7, user: { id: 7, name: 'Ana' }, lastMessage: 'Olá', unreadMessages: 0, isBot: false, isGroup: false,
    useIntegration: false, amount: null, tags: [], userRating: null,
    createdAt: '2024-01-01T10:00:00.000Z', updatedAt: `2024-01-01T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
    ...over,
  };
}

const plan = {
  id: 1, name: 'P', useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true, useSchedules: true,
  useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
};

export function makeUser(over: Partial<SessionUserView> = {}): SessionUserView {
  return {
    id: 7, companyId: 2, name: 'Ana', email: 'ana@acme.com', profile: 'user', super: false, profileImage: null, startWork: '00:00',
    endWork: '23:59', whatsappId: null, farewellMessage: null, defaultMenu: 'open', defaultTheme: 'light', allTicket: 'disable',
    allowGroup: false, allHistoric: 'disabled', allUserChat: 'disabled', userClosePendingTicket: 'enabled', showDashboard: 'disabled',
    allowRealTime: 'disabled', allowConnections: 'disabled', defaultTicketsManagerWidth: 1100, online: true,
    queues: [{ id: 1, name: 'Vendas', color: '#ff0000' }, { id: 2, name: 'Suporte', color: '#0000ff' }], createdAt: '',
    company: { id: 2, name: 'ACME', dueDate: '2999-01-01', settings: [], plan },
    ...over,
  };
}

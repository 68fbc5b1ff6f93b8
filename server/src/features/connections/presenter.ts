import type { ConnectionStatus, ConnectionView } from '@chatflow/contract';
import type { ConnectionRow } from '../../db/schema';

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** A stored import date as the dialog's date input shows it ('yyyy-MM-dd'), '' when unset. */
const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

/**
 * Whitelist of what leaves the server about a connection. The token authorises the external API and
 * the simulator, so only connection managers get it, and realtime events (seen by the whole company)
 * never carry it. Provider secrets (facebookUserToken, tokenMeta) are write-only: never listed here.
 */
export function presentConnection(c: ConnectionRow, queues: QueueRef[], opts: { withToken?: boolean } = {}): ConnectionView {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    number: c.number,
    channel: c.channel,
    provider: c.provider,
    status: c.status as ConnectionStatus,
    isDefault: c.isDefault,
    qrcode: c.qrcode,
    retries: c.retries,
    downReason: (c.downReason as ConnectionView['downReason']) || '',
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    ratingMessage: c.ratingMessage,
    inactiveMessage: c.inactiveMessage,
    expiresInactiveMessage: c.expiresInactiveMessage,
    timeInactiveMessage: c.timeInactiveMessage,
    greetingMediaAttachment: c.greetingMediaAttachment,
    collectiveVacationStart: c.collectiveVacationStart,
    collectiveVacationEnd: c.collectiveVacationEnd,
    collectiveVacationMessage: c.collectiveVacationMessage,
    groupAsTicket: c.groupAsTicket,
    allowGroup: c.allowGroup,
    maxUseBotQueues: c.maxUseBotQueues,
    timeUseBotQueues: c.timeUseBotQueues,
    maxUseBotQueuesNPS: c.maxUseBotQueuesNPS,
    expiresTicket: c.expiresTicket,
    whenExpiresTicket: c.whenExpiresTicket,
    expiresTicketNPS: c.expiresTicketNPS,
    timeSendQueue: c.timeSendQueue,
    sendIdQueue: c.sendIdQueue,
    timeCreateNewTicket: c.timeCreateNewTicket,
    schedules: c.schedules,
    integrationId: c.integrationId,
    flowIdWelcome: c.flowIdWelcome,
    flowIdNotPhrase: c.flowIdNotPhrase,
    promptId: c.promptId,
    importOldMessages: dateOnly(c.importOldMessages),
    importRecentMessages: dateOnly(c.importRecentMessages),
    importOldMessagesGroups: c.importOldMessagesGroups,
    closedTicketsPostImported: c.closedTicketsPostImported,
    queueIdImportMessages: c.queueIdImportMessages,
    statusImportMessages: c.statusImportMessages,
    facebookPageUserId: c.facebookPageUserId,
    wabaId: c.wabaId,
    hasToken: c.tokenMeta !== '',
    queues: queues.map((q) => ({ id: q.id, name: q.name, color: q.color })),
    updatedAt: c.updatedAt.toISOString(),
    ...(opts.withToken ? { token: c.token } : {}),
  };
}

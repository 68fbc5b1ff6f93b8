import {
  type ConnectionData,
  cloudApiIssues,
  ConnectionInput,
  type ConnectionView,
  connectionRuleIssues,
  QUEUE_DEFAULT_SCHEDULES,
} from '@chatflow/contract';

/** What the dialog edits: the contract's ConnectionInput, every field present. */
export type ConnectionFormValues = ConnectionData;

/**
 * The dialog's schema: ConnectionInput plus the cross-field rules the server applies
 * (connectionRuleIssues), so both say the same thing. The rating rule follows the company's
 * userRating setting; a Cloud API connection needs its phone number id and a token unless one is
 * stored (the edit of a connection whose token is kept).
 */
export const connectionFormSchema = (userRating: boolean, hasStoredToken = false) =>
  ConnectionInput.superRefine((v, ctx) => {
    for (const issue of [...connectionRuleIssues(v, { userRating }), ...cloudApiIssues(v, { hasStoredToken })])
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

/** The channels the dialog creates: WhatsApp Web (or the simulator) and the official Cloud API. */
export type DialogChannel = ConnectionFormValues['channel'];

export const newConnectionValues = (channel: DialogChannel = 'whatsapp'): ConnectionFormValues => ({
  ...ConnectionInput.parse({ name: 'xx' }),
  name: '',
  channel,
  schedules: QUEUE_DEFAULT_SCHEDULES,
});

export function toFormValues(c: ConnectionView): ConnectionFormValues {
  return {
    name: c.name,
    channel: c.channel === 'whatsappapi' ? 'whatsappapi' : 'whatsapp',
    facebookPageUserId: c.facebookPageUserId,
    wabaId: c.wabaId,
    // Write-only: never sent to the browser; '' keeps the stored one.
    tokenMeta: '',
    provider: c.provider === 'simulator' ? 'simulator' : 'beta',
    isDefault: c.isDefault,
    queueIds: c.queues.map((q) => q.id),
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    ratingMessage: c.ratingMessage,
    inactiveMessage: c.inactiveMessage,
    expiresInactiveMessage: c.expiresInactiveMessage,
    timeInactiveMessage: c.timeInactiveMessage,
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
    schedules: c.schedules.length ? c.schedules : QUEUE_DEFAULT_SCHEDULES,
    importOldMessages: c.importOldMessages,
    importRecentMessages: c.importRecentMessages,
    importOldMessagesGroups: c.importOldMessagesGroups,
    closedTicketsPostImported: c.closedTicketsPostImported,
    queueIdImportMessages: c.queueIdImportMessages,
    flowIdWelcome: c.flowIdWelcome,
    flowIdNotPhrase: c.flowIdNotPhrase,
    integrationId: c.integrationId,
    promptId: c.promptId,
  };
}

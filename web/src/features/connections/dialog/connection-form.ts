import {
  type ConnectionData,
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
 * userRating setting.
 */
export const connectionFormSchema = (userRating: boolean) =>
  ConnectionInput.superRefine((v, ctx) => {
    for (const issue of connectionRuleIssues(v, { userRating }))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const newConnectionValues = (): ConnectionFormValues => ({
  ...ConnectionInput.parse({ name: 'xx' }),
  name: '',
  schedules: QUEUE_DEFAULT_SCHEDULES,
});

export function toFormValues(c: ConnectionView): ConnectionFormValues {
  return {
    name: c.name,
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
  };
}

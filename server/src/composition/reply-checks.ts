import type { ReplyCheck } from '../features/automation';
import { awaitsConfirmationSql, queueConfirmationReply } from '../features/campaigns';
import { inRollbackLaneSql, queueLaneRollback } from '../features/kanban';

/**
 * What other features ask of every customer message, handed to the automation engine (part of the
 * composition root: the engine imports neither feature). In this order, as the turn acts on them.
 */
export const replyChecks: readonly ReplyCheck[] = [
  {
    // The ticket's card sits in a kanban lane with a rollback lane: the card goes back to it.
    name: 'kanban rollback',
    asks: ({ ticketId }) => inRollbackLaneSql(ticketId),
    act: (jobs, tx, message) => queueLaneRollback(jobs, tx, message),
  },
  {
    // The contact awaits a campaign's confirmation: its answer sends the campaign's message.
    name: 'campaign confirmation',
    asks: ({ companyId, number }) => awaitsConfirmationSql(companyId, number),
    act: (jobs, tx, message) => queueConfirmationReply(jobs, tx, message.messageId),
  },
];

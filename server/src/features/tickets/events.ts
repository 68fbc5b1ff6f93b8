import type { TicketVisibility } from '@chatflow/contract';
import type { TicketRow } from '../../db/schema';
import type { HookedTx, RequestContext } from '../../http/context';
import { type Realtime, ticketAudience } from '../../realtime/emit';
import { loadTicketViews } from './loader';

type EventContext = Pick<RequestContext, 'db' | 'companyId' | 'realtime'>;
type Before = TicketVisibility & { status: string };

const sameAudience = (a: TicketVisibility, b: TicketVisibility) =>
  a.userId === b.userId && a.queueId === b.queueId && a.isGroup === b.isGroup;

/**
 * After commit: lists that showed the ticket drop it ({action:'removeFromList'} to its previous
 * audience) when its status or audience changed, then its new audience gets the fresh view. The
 * removal goes first, so a socket in both audiences ends with the ticket (in its new tab).
 * The view is read after commit, so it carries messages sent in the same transaction.
 */
export function emitTicketChanges(tx: HookedTx, ctx: EventContext, changes: { before: Before | null; after: TicketRow }[]) {
  if (changes.length === 0) return;
  tx.afterCommit(async () => {
    const views = new Map(
      (
        await loadTicketViews(
          ctx.db,
          ctx.companyId,
          changes.map((c) => c.after.id),
        )
      ).map((v) => [v.id, v]),
    );
    for (const { before, after } of changes) {
      if (before && (before.status !== after.status || !sameAudience(before, after))) {
        ctx.realtime.toRoom(ctx.companyId, ticketAudience(before), 'ticket', { action: 'removeFromList', ticketId: after.id });
      }
      const ticket = views.get(after.id);
      if (ticket) ctx.realtime.toRoom(ctx.companyId, ticketAudience(after), 'ticket', { action: 'update', ticket });
    }
  });
}

export const emitTicketChange = (tx: HookedTx, ctx: EventContext, before: Before | null, after: TicketRow) =>
  emitTicketChanges(tx, ctx, [{ before, after }]);

/** Tells the ticket's audience it is gone (DELETE). */
export function emitTicketDeleted(realtime: Realtime, companyId: number, ticket: TicketVisibility & { id: number }) {
  realtime.toRoom(companyId, ticketAudience(ticket), 'ticket', { action: 'delete', ticketId: ticket.id });
}

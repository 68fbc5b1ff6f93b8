import type { TicketView } from '@chatflow/contract';
import type { TicketRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { companySettingsMap } from '../../settings';
import { activeTicketOf, isActiveTicketRace, otherOpenTicket } from '../conflict';
import { emitTicketChange } from '../events';
import { findVisibleTicket } from '../find';
import { loadTicketView } from '../loader';
import { accept, reopen, returnToQueue } from '../transitions/attend';
import { ignore, resolve } from '../transitions/resolve';
import { hasCompanionFields, type SendTicketText, type Step, saveTicket, type UpdateData } from '../transitions/step';
import { transfer } from '../transitions/transfer';
import { classify, type TransitionName } from './classify';

const TRANSITIONS: Record<TransitionName, (step: Step) => Promise<TicketRow>> = {
  accept,
  returnToQueue,
  resolve,
  ignore,
  reopen,
  transfer,
  // Nothing about the status: only the companion fields, and no bump of updatedAt without them.
  fields: async (step) => (hasCompanionFields(step.input) ? saveTicket(step, {}) : step.before),
};

/**
 * PUT /tickets/{id}: one transaction with the ticket row locked, so two agents acting on the same
 * ticket are serialised (the second sees the first's result: an accepted ticket is held). The
 * transition's automatic texts are sent after it, in the same transaction. Events go out after
 * commit, the ticket's change first, then its messages; the answer is the ticket as the caller sees it now.
 */
export async function updateTicket(ctx: RequestContext, id: number, input: UpdateData, sendText: SendTicketText): Promise<TicketView> {
  let current: TicketRow | null = null;
  try {
    const after = await ctx.transaction(async (tx) => {
      const before = await findVisibleTicket(ctx, id, tx, true);
      current = before;
      const settings = await companySettingsMap(tx, ctx.companyId);
      const step: Step = { tx, ctx, before, input, settings, now: new Date(), texts: [] };
      const updated = await TRANSITIONS[classify(before, input, ctx.actor.id)](step);
      // A transfer with closeTicketOnTransfer answers a new ticket: it is announced as created.
      if (updated !== before) emitTicketChange(tx, ctx, updated.id === before.id ? before : null, updated);
      for (const text of step.texts) await sendText(tx, ctx, updated, text);
      return updated;
    });
    return (await loadTicketView(ctx.db, ctx.companyId, after.id, ctx.actor)) as TicketView;
  } catch (err) {
    // A reopen racing a new inbound ticket for the same contact meets the one-active-ticket index.
    const ticket = current as TicketRow | null;
    if (ticket && isActiveTicketRace(err)) {
      const other = await activeTicketOf(ctx.db, ctx.companyId, ticket.contactId, ticket.connectionId, ticket.id);
      if (other) throw otherOpenTicket(other);
    }
    throw err;
  }
}

import type { ContactMergeView } from '@chatflow/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  type ContactMergeRow,
  type ContactRow,
  contactExtraInfo,
  contactMerges,
  contacts,
  contactTags,
  contactWallets,
  isActiveTicketStatus,
  messages,
  schedules,
  tags,
  ticketLogs,
  ticketNotes,
  tickets,
  users,
} from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { AppError, notFound } from '../../../http/errors';
import { announceContact, findCompanyContact } from '../../contacts';
import { emitTicketChanges, startTracking } from '../../tickets';
import { presentContactMerge } from '../presenter';
import { undoConflict } from '../rules';

/**
 * POST /contacts/merges/:mergeId/undo: writes the merged contact back (same id) and points back at it
 * exactly what the merge moved. Refused (ERR_CONTACT_MERGE_UNDO_CONFLICT) when that is no longer
 * possible: a moved ticket or schedule was deleted or now hangs elsewhere, or another contact took the
 * merged contact's number. Messages, notes and extra info moved back are those still there.
 */
export async function undoContactMerge(ctx: RequestContext, mergeId: number): Promise<ContactMergeView> {
  return ctx.transaction(async (tx) => {
    const [log] = await tx
      .select()
      .from(contactMerges)
      .where(and(eq(contactMerges.id, mergeId), eq(contactMerges.companyId, ctx.companyId)))
      .for('update');
    if (!log) throw notFound();
    if (log.undoneAt) throw new AppError('ERR_CONTACT_MERGE_UNDONE', 409);
    const keptId = log.keptContactId;
    const mergedId = log.mergedContactId;
    const { moved } = log;
    await findCompanyContact(tx, ctx.companyId, keptId);

    const stillMoved = await tx
      .select()
      .from(tickets)
      .where(and(inArray(tickets.id, orNone(moved.ticketIds)), eq(tickets.contactId, keptId)))
      .for('update');
    const stillSchedules = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(inArray(schedules.id, orNone(moved.scheduleIds)), eq(schedules.contactId, keptId)));
    if (stillMoved.length !== moved.ticketIds.length || stillSchedules.length !== moved.scheduleIds.length) throw undoConflict();

    const restored = await restoreContact(tx, log);
    const back = await tx
      .update(tickets)
      .set({ contactId: mergedId })
      .where(inArray(tickets.id, orNone(moved.ticketIds)))
      .returning();
    await moveBack(tx, keptId, mergedId, moved);
    await restoreTagsAndWallet(tx, log);
    const reopened = await reopenClosed(tx, ctx, log, back);

    await tx.update(contactMerges).set({ undoneAt: new Date() }).where(eq(contactMerges.id, log.id));
    const [keptNow] = await tx.update(contacts).set({ updatedAt: new Date() }).where(eq(contacts.id, keptId)).returning();

    const before = new Map(stillMoved.map((t) => [t.id, t]));
    const latest = new Map([...back, ...reopened].map((t) => [t.id, t]));
    emitTicketChanges(
      tx,
      ctx,
      [...latest.values()].map((after) => ({ before: before.get(after.id) ?? null, after })),
    );
    await announceContact(tx, ctx.realtime, restored, 'create');
    await announceContact(tx, ctx.realtime, keptNow, 'update');
    const [done] = await tx.select().from(contactMerges).where(eq(contactMerges.id, log.id));
    return presentContactMerge(done);
  });
}

/** `inArray` with an empty list is refused by drizzle; 0 matches no row. */
const orNone = (ids: number[]) => (ids.length ? ids : [0]);

/** The merged contact's row as the snapshot holds it, unless its number is another contact's by now. */
async function restoreContact(tx: HookedTx, log: ContactMergeRow): Promise<ContactRow> {
  const c = log.snapshot.contact as unknown as ContactRow & { createdAt: string; updatedAt: string; lgpdAcceptedAt: string | null };
  const [taken] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, log.companyId), eq(contacts.channel, c.channel), eq(contacts.number, c.number)))
    .limit(1);
  if (taken) throw undoConflict();
  const [row] = await tx
    .insert(contacts)
    .values({
      ...c,
      id: log.mergedContactId,
      companyId: log.companyId,
      createdAt: new Date(c.createdAt),
      updatedAt: new Date(),
      lgpdAcceptedAt: c.lgpdAcceptedAt ? new Date(c.lgpdAcceptedAt) : null,
    })
    .returning();
  return row;
}

/** Everything else the merge re-pointed, back to the merged contact; tags and wallet as they were. */
async function moveBack(tx: HookedTx, keptId: number, mergedId: number, moved: ContactMergeRow['moved']) {
  await tx
    .update(messages)
    .set({ contactId: mergedId })
    .where(and(inArray(messages.id, orNone(moved.messageIds)), eq(messages.contactId, keptId)));
  await tx
    .update(ticketNotes)
    .set({ contactId: mergedId })
    .where(and(inArray(ticketNotes.id, orNone(moved.ticketNoteIds)), eq(ticketNotes.contactId, keptId)));
  await tx
    .update(schedules)
    .set({ contactId: mergedId })
    .where(inArray(schedules.id, orNone(moved.scheduleIds)));
  await tx
    .update(contactExtraInfo)
    .set({ contactId: mergedId })
    .where(and(inArray(contactExtraInfo.id, orNone(moved.extraInfoIds)), eq(contactExtraInfo.contactId, keptId)));
  await tx
    .update(contactMerges)
    .set({ keptContactId: mergedId })
    .where(and(inArray(contactMerges.id, orNone(moved.mergeIds ?? [])), eq(contactMerges.keptContactId, keptId)));
  await tx.delete(contactTags).where(and(eq(contactTags.contactId, keptId), inArray(contactTags.tagId, orNone(moved.tagIds))));
  await tx
    .delete(contactWallets)
    .where(and(eq(contactWallets.contactId, keptId), inArray(contactWallets.userId, orNone(moved.walletUserIds))));
}

/**
 * The tickets the merge closed for the open-ticket rule get their status back, unless someone reopened
 * them meanwhile or the restored contact has another active ticket on that connection by now.
 */
async function reopenClosed(tx: HookedTx, ctx: RequestContext, log: ContactMergeRow, back: (typeof tickets.$inferSelect)[]) {
  const out: (typeof tickets.$inferSelect)[] = [];
  const now = new Date();
  for (const c of log.moved.closedTickets) {
    const ticket = back.find((t) => t.id === c.id);
    if (ticket?.status !== 'closed') continue;
    const [busy] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.contactId, log.mergedContactId),
          ticket.connectionId === null ? isNull(tickets.connectionId) : eq(tickets.connectionId, ticket.connectionId),
          isActiveTicketStatus(tickets.status),
        ),
      )
      .limit(1);
    if (busy) continue;
    const [after] = await tx
      .update(tickets)
      .set({ status: c.status as (typeof tickets.$inferSelect)['status'], updatedAt: now })
      .where(eq(tickets.id, c.id))
      .returning();
    await tx
      .insert(ticketLogs)
      .values({ companyId: after.companyId, ticketId: after.id, userId: ctx.actor.id, queueId: after.queueId, type: 'reopen' });
    await startTracking(tx, after, now);
    out.push(after);
  }
  return out;
}

/** The merged contact's own tags and wallet agents, those that still exist. */
async function restoreTagsAndWallet(tx: HookedTx, log: ContactMergeRow) {
  const { tagIds, wallets } = log.snapshot;
  const liveTags = tagIds.length ? await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds)) : [];
  if (liveTags.length) await tx.insert(contactTags).values(liveTags.map((t) => ({ contactId: log.mergedContactId, tagId: t.id })));
  const userIds = wallets.map((w) => w.userId);
  const liveUsers = new Set(
    (userIds.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds)) : []).map((u) => u.id),
  );
  const restoring = wallets.filter((w) => liveUsers.has(w.userId));
  if (restoring.length) {
    await tx.insert(contactWallets).values(
      restoring.map((w) => ({
        companyId: log.companyId,
        contactId: log.mergedContactId,
        userId: w.userId,
        position: w.position,
        createdAt: new Date(w.createdAt),
      })),
    );
  }
}

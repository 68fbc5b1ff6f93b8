import type { ContactMergeView } from '@chatflow/contract';
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import {
  type ContactMergeMoved,
  contactExtraInfo,
  contactMerges,
  contacts,
  contactTags,
  contactWallets,
  messages,
  schedules,
  ticketLogs,
  ticketNotes,
  ticketTrackings,
  tickets,
} from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { announceContact, announceContactDeleted } from '../../contacts';
import { emitTicketChanges } from '../../tickets';
import { presentContactMerge } from '../presenter';
import { lockPair, ticketsToClose } from '../rules';

/**
 * POST /contacts/:id/merge: everything that hangs on contact `fromId` (every foreign key to contacts:
 * tickets with their messages, kanban and ticket tags, notes; schedules; contact tags; extra info;
 * wallet) is re-pointed at contact `keptId`, in one transaction. The merged contact row is then removed,
 * but whole in the contact_merges log with the ids of what moved, so an undo can put back exactly that.
 * Campaign shippings hold numbers, not contact ids: nothing of theirs moves.
 */
export async function mergeContacts(ctx: RequestContext, keptId: number, fromId: number): Promise<ContactMergeView> {
  return ctx.transaction((tx) => mergeContactsIn(tx, { ...ctx, actorId: ctx.actor.id }, keptId, fromId));
}

/** Who merges: the company, its realtime, and the user who asked (null: the system, e.g. a LID whose number became known). */
export type MergeBy = Pick<RequestContext, 'db' | 'companyId' | 'realtime'> & { actorId: number | null };

/** The merge itself, inside the caller's transaction (the same rules whoever asks). */
export async function mergeContactsIn(tx: HookedTx, ctx: MergeBy, keptId: number, fromId: number): Promise<ContactMergeView> {
  const { kept, from } = await lockPair(tx, ctx.companyId, keptId, fromId);
  const now = new Date();

  const closing = await ticketsToClose(tx, keptId, fromId);
  const closed = await closeTickets(tx, ctx, closing, now);

  const movedTickets = await tx
    .update(tickets)
    .set({ contactId: keptId })
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, fromId)))
    .returning();
  const movedMessages = await tx
    .update(messages)
    .set({ contactId: keptId })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.contactId, fromId)))
    .returning({ id: messages.id });
  const movedNotes = await tx
    .update(ticketNotes)
    .set({ contactId: keptId })
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.contactId, fromId)))
    .returning({ id: ticketNotes.id });
  const movedSchedules = await tx
    .update(schedules)
    .set({ contactId: keptId })
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.contactId, fromId)))
    .returning({ id: schedules.id });
  const movedInfo = await tx
    .update(contactExtraInfo)
    .set({ contactId: keptId })
    .where(eq(contactExtraInfo.contactId, fromId))
    .returning({ id: contactExtraInfo.id });
  // Earlier merges into the merged contact now hang on the kept one, so their undo still works.
  const movedMerges = await tx
    .update(contactMerges)
    .set({ keptContactId: keptId })
    .where(and(eq(contactMerges.companyId, ctx.companyId), eq(contactMerges.keptContactId, fromId)))
    .returning({ id: contactMerges.id });

  const fromTagIds = (await tx.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, fromId))).map(
    (r) => r.tagId,
  );
  const addedTags = fromTagIds.length
    ? await tx
        .insert(contactTags)
        .values(fromTagIds.map((tagId) => ({ contactId: keptId, tagId })))
        .onConflictDoNothing()
        .returning({ tagId: contactTags.tagId })
    : [];

  const fromWallets = await tx.select().from(contactWallets).where(eq(contactWallets.contactId, fromId)).orderBy(contactWallets.position);
  const addedWallets = await appendWallets(tx, ctx.companyId, keptId, fromWallets);

  const moved: ContactMergeMoved = {
    ticketIds: movedTickets.map((t) => t.id),
    messageIds: movedMessages.map((m) => m.id),
    ticketNoteIds: movedNotes.map((n) => n.id),
    scheduleIds: movedSchedules.map((s) => s.id),
    extraInfoIds: movedInfo.map((e) => e.id),
    tagIds: addedTags.map((t) => t.tagId),
    walletUserIds: addedWallets,
    mergeIds: movedMerges.map((m) => m.id),
    closedTickets: closed,
  };
  const [log] = await tx
    .insert(contactMerges)
    .values({
      companyId: ctx.companyId,
      keptContactId: keptId,
      mergedContactId: fromId,
      userId: ctx.actorId,
      snapshot: {
        contact: JSON.parse(JSON.stringify(from)),
        tagIds: fromTagIds,
        wallets: fromWallets.map((w) => ({ userId: w.userId, position: w.position, createdAt: w.createdAt.toISOString() })),
      },
      moved,
      createdAt: now,
    })
    .returning();

  // Only the tags and wallet rows the kept contact already had are left on the merged one; the log holds them.
  await tx.delete(contacts).where(and(eq(contacts.id, fromId), eq(contacts.companyId, ctx.companyId)));
  const [keptNow] = await tx.update(contacts).set({ updatedAt: now }).where(eq(contacts.id, kept.id)).returning();

  const closedIds = new Set(closing.map((t) => t.id));
  emitTicketChanges(
    tx,
    ctx,
    movedTickets.map((after) => ({ before: closedIds.has(after.id) ? (closing.find((c) => c.id === after.id) ?? null) : null, after })),
  );
  await announceContact(tx, ctx.realtime, keptNow, 'update');
  announceContactDeleted(tx, ctx.realtime, ctx.companyId, from.id);
  return presentContactMerge(log);
}

/**
 * Closes the merged contact's active tickets that would break the one-active-ticket rule once moved,
 * with a 'closed' entry in each one's timeline and its attendance finished, as a close does.
 */
async function closeTickets(tx: HookedTx, ctx: MergeBy, closing: { id: number; status: string }[], now: Date) {
  if (closing.length === 0) return [];
  const ids = closing.map((t) => t.id);
  const after = await tx.update(tickets).set({ status: 'closed', updatedAt: now }).where(inArray(tickets.id, ids)).returning();
  await tx
    .insert(ticketLogs)
    .values(
      after.map((t) => ({ companyId: t.companyId, ticketId: t.id, userId: ctx.actorId, queueId: t.queueId, type: 'closed' as const })),
    );
  await tx
    .update(ticketTrackings)
    .set({ finishedAt: now, updatedAt: now })
    .where(and(inArray(ticketTrackings.ticketId, ids), isNull(ticketTrackings.finishedAt)));
  return closing.map((t) => ({ id: t.id, status: t.status }));
}

/** The merged contact's wallet agents the kept one lacks go after its own, in their order; answers their ids. */
async function appendWallets(
  tx: HookedTx,
  companyId: number,
  keptId: number,
  from: { userId: number; position: number }[],
): Promise<number[]> {
  if (from.length === 0) return [];
  const own = await tx.select({ userId: contactWallets.userId }).from(contactWallets).where(eq(contactWallets.contactId, keptId));
  const [{ last }] = await tx
    .select({ last: max(contactWallets.position) })
    .from(contactWallets)
    .where(eq(contactWallets.contactId, keptId));
  const taken = new Set(own.map((w) => w.userId));
  const adding = from.filter((w) => !taken.has(w.userId));
  if (adding.length === 0) return [];
  const start = (last ?? -1) + 1;
  await tx.insert(contactWallets).values(adding.map((w, i) => ({ companyId, contactId: keptId, userId: w.userId, position: start + i })));
  return adding.map((w) => w.userId);
}

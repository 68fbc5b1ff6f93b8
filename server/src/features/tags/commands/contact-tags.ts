import { randomTagColor, type TagRef } from '@chatflow/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { contactTags, tags } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { announceContact, findCompanyContact, tagsOfContact } from '../../contacts';
import { announceTags } from '../events';
import { findCompanyTag } from '../queries';

type SyncTag = { id: number } | { name: string };

/**
 * Ids of the tags the box asked for. Tags by id must be the company's (404 otherwise); tags by name
 * reuse the company's tag of that name (any case) or are created with a random colour.
 */
async function resolveTags(tx: Tx, ctx: RequestContext, wanted: SyncTag[]): Promise<{ ids: number[]; created: number[] }> {
  const byId = [...new Set(wanted.flatMap((t) => ('id' in t ? [t.id] : [])))];
  if (byId.length) {
    const found = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, ctx.companyId), inArray(tags.id, byId)));
    if (found.length !== byId.length) throw notFound();
  }
  const ids = [...byId];
  const created: number[] = [];
  for (const name of new Set(wanted.flatMap((t) => ('name' in t ? [t.name] : [])))) {
    const [existing] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, ctx.companyId), sql`lower(${tags.name}) = lower(${name})`))
      .orderBy(asc(tags.kanban), asc(tags.id))
      .limit(1);
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const [row] = await tx
      .insert(tags)
      .values({ companyId: ctx.companyId, name, color: randomTagColor(), kanban: 0, userId: ctx.actor.id })
      .returning({ id: tags.id });
    ids.push(row.id);
    created.push(row.id);
  }
  return { ids: [...new Set(ids)], created };
}

/** POST /tags/sync: the contact's tags become exactly the ones sent (spec 1 §7). */
export async function syncContactTags(ctx: RequestContext, contactId: number, wanted: SyncTag[]): Promise<{ tags: TagRef[] }> {
  return ctx.transaction(async (tx) => {
    const contact = await findCompanyContact(tx, ctx.companyId, contactId);
    const { ids, created } = await resolveTags(tx, ctx, wanted);
    const before = (await tx.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, contactId))).map(
      (r) => r.tagId,
    );
    const removed = before.filter((id) => !ids.includes(id));
    const added = ids.filter((id) => !before.includes(id));
    if (removed.length) await tx.delete(contactTags).where(and(eq(contactTags.contactId, contactId), inArray(contactTags.tagId, removed)));
    if (added.length)
      await tx
        .insert(contactTags)
        .values(added.map((tagId) => ({ contactId, tagId })))
        .onConflictDoNothing();
    await announceTags(tx, ctx.realtime, ctx.companyId, created, 'create');
    await announceTags(tx, ctx.realtime, ctx.companyId, [...removed, ...added.filter((id) => !created.includes(id))], 'update');
    if (removed.length || added.length) await announceContact(tx, ctx.realtime, contact, 'update');
    return { tags: await tagsOfContact(tx, contactId) };
  });
}

/** DELETE /tags-contacts/:tagId/:contactId: the tag contacts modal's remove button. */
export async function untagContact(ctx: RequestContext, tagId: number, contactId: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await findCompanyTag(tx, ctx.companyId, tagId);
    const contact = await findCompanyContact(tx, ctx.companyId, contactId);
    const removed = await tx
      .delete(contactTags)
      .where(and(eq(contactTags.tagId, tagId), eq(contactTags.contactId, contactId)))
      .returning({ tagId: contactTags.tagId });
    if (removed.length === 0) return;
    await announceTags(tx, ctx.realtime, ctx.companyId, [tagId], 'update');
    await announceContact(tx, ctx.realtime, contact, 'update');
  });
}

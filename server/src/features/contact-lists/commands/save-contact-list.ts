import type { ContactListView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { contactLists } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { contactListEvents } from '../events';
import { contactListView, findContactList } from '../queries';

/** POST /contact-lists. */
export async function createContactList(ctx: RequestContext, input: { name: string }): Promise<ContactListView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.insert(contactLists).values({ companyId: ctx.companyId, name: input.name }).returning();
    const view = await contactListView(tx, ctx.companyId, row.id);
    contactListEvents.saved(tx, ctx.realtime, view, 'create');
    return view;
  });
}

/** PUT /contact-lists/:id. */
export async function updateContactList(ctx: RequestContext, id: number, input: { name: string }): Promise<ContactListView> {
  return ctx.transaction(async (tx) => {
    await findContactList(tx, ctx.companyId, id);
    await tx
      .update(contactLists)
      .set({ name: input.name })
      .where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, id)));
    const view = await contactListView(tx, ctx.companyId, id);
    contactListEvents.saved(tx, ctx.realtime, view, 'update');
    return view;
  });
}

/** DELETE /contact-lists/:id: its items go with it; campaigns that named it keep running on their shipping rows. */
export async function deleteContactList(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await findContactList(tx, ctx.companyId, id);
    await tx.delete(contactLists).where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, id)));
    contactListEvents.deleted(tx, ctx.realtime, ctx.companyId, id);
  });
}

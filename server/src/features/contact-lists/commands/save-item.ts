import { type ContactListItemView, numberDigits } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactListItemInput as ItemSchema, ContactListItemUpdateInput as ItemUpdateSchema } from '@chatflow/contract';
import { contactListItems } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { contactListEvents } from '../events';
import { checkNumbersJob } from '../check-numbers';
import { presentContactListItem } from '../presenter';
import { findContactList, findItem } from '../queries';

type ItemData = z.output<typeof ItemSchema>;
type ItemChanges = z.output<typeof ItemUpdateSchema>;

const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 409);

/** A number already in the list is 409, found before the unique index would answer with a 500. */
async function assertNumberFree(tx: HookedTx, contactListId: number, number: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: contactListItems.id })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, contactListId), eq(contactListItems.number, number)));
  if (row && row.id !== exceptId) throw duplicated();
}

/** POST /contact-list-items: the number is kept as digits and checked on WhatsApp after the commit. */
export async function createItem(ctx: RequestContext, input: ItemData): Promise<ContactListItemView> {
  return ctx.transaction(async (tx) => {
    await findContactList(tx, ctx.companyId, input.contactListId);
    const number = numberDigits(input.number);
    if (number.length < 8) throw new AppError('ERR_INVALID_NUMBER', 400);
    await assertNumberFree(tx, input.contactListId, number);
    const [row] = await tx
      .insert(contactListItems)
      .values({ companyId: ctx.companyId, contactListId: input.contactListId, name: input.name, number, email: input.email })
      .returning();
    const view = presentContactListItem(row);
    contactListEvents.itemSaved(tx, ctx.realtime, view, 'create');
    await checkNumbersJob.send(ctx.jobs, { companyId: ctx.companyId, contactListId: row.contactListId }, { tx });
    return view;
  });
}

/** PUT /contact-list-items/:id: open to every user of the company (spec 3 "Contact lists"). */
export async function updateItem(ctx: RequestContext, id: number, changes: ItemChanges): Promise<ContactListItemView> {
  return ctx.transaction(async (tx) => {
    const before = await findItem(tx, ctx.companyId, id);
    const number = changes.number === undefined ? before.number : numberDigits(changes.number);
    if (number.length < 8) throw new AppError('ERR_INVALID_NUMBER', 400);
    if (number !== before.number) await assertNumberFree(tx, before.contactListId, number, id);
    const [row] = await tx
      .update(contactListItems)
      .set({
        name: changes.name ?? before.name,
        email: changes.email ?? before.email,
        number,
        // A new number is asked about again.
        ...(number !== before.number ? { isWhatsappValid: null } : {}),
      })
      .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, id)))
      .returning();
    const view = presentContactListItem(row);
    contactListEvents.itemSaved(tx, ctx.realtime, view, 'update');
    if (number !== before.number)
      await checkNumbersJob.send(ctx.jobs, { companyId: ctx.companyId, contactListId: row.contactListId }, { tx });
    return view;
  });
}

/** DELETE /contact-list-items/:id (permission contacts-page:deleteContact, checked by the route). */
export async function deleteItem(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const row = await findItem(tx, ctx.companyId, id);
    await tx.delete(contactListItems).where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, id)));
    contactListEvents.itemDeleted(tx, ctx.realtime, ctx.companyId, id, row.contactListId);
  });
}

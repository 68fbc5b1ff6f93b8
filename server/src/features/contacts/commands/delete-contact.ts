import { and, eq } from 'drizzle-orm';
import { contacts } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceContactDeleted } from '../events';
import { findCompanyContact } from '../queries';

/** DELETE /contacts/:id: the contact with its tickets, notes, tags and extra info (cascades). */
export async function deleteContact(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await findCompanyContact(tx, ctx.companyId, id);
    await tx.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId)));
    announceContactDeleted(tx, ctx.realtime, ctx.companyId, id);
  });
}

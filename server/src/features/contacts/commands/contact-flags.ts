import type { ContactView } from '@chatflow/contract';
import { and, eq, not } from 'drizzle-orm';
import { type ContactRow, contacts } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceContact } from '../events';
import { contactViewerFor } from '../lgpd';
import { contactNotFound, contactView } from '../queries';

/** PUT /contacts/block/:id: active false blocks the contact, true unblocks it (spec 2 §4). */
export async function setContactActive(ctx: RequestContext, id: number, active: boolean): Promise<ContactView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ active })
      .where(and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId)))
      .returning();
    if (!row) throw contactNotFound();
    await announceContact(tx, ctx.realtime, row, 'update');
    return contactView(tx, row, await contactViewerFor(tx, ctx.companyId, ctx.actor));
  });
}

type ToggleColumn = 'acceptAudioMessage' | 'disableBot';

/**
 * Flips one switch in a single UPDATE (`x = not x`), so two clicks at once give two flips, never a
 * lost one. Answers the contact row as it is after the flip.
 */
export async function toggleContactFlag(ctx: RequestContext, id: number, column: ToggleColumn): Promise<ContactRow> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ [column]: not(contacts[column]) })
      .where(and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId)))
      .returning();
    if (!row) throw contactNotFound();
    await announceContact(tx, ctx.realtime, row, 'update');
    return row;
  });
}

import type { ContactChanges, ContactView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { contacts } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceContact } from '../events';
import { replaceExtraInfo } from '../extra-info';
import { contactViewerFor } from '../lgpd';
import { contactView, findCompanyContact } from '../queries';
import { asDuplicateContact, assertNumberFree } from '../rules';
import { assertOnWhatsApp } from '../whatsapp-number';

/** PUT /contacts/:id: the fields sent change; extraInfo, when sent, replaces the list. */
export async function updateContact(ctx: RequestContext, id: number, changes: ContactChanges): Promise<ContactView> {
  const companyId = ctx.companyId;
  if (changes.number !== undefined) {
    const current = await findCompanyContact(ctx.db, companyId, id);
    if (changes.number !== current.number) await assertOnWhatsApp(ctx, current.channel, changes.number);
  }
  try {
    return await ctx.transaction(async (tx) => {
      const current = await findCompanyContact(tx, companyId, id);
      if (changes.number !== undefined && changes.number !== current.number) {
        await assertNumberFree(tx, companyId, current.channel, changes.number, id);
      }
      const { extraInfo, ...fields } = changes;
      const [row] = Object.keys(fields).length
        ? await tx
            .update(contacts)
            .set(fields)
            .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
            .returning()
        : [current];
      if (extraInfo) await replaceExtraInfo(tx, id, extraInfo);
      await announceContact(tx, ctx.realtime, row, 'update');
      return contactView(tx, row, await contactViewerFor(tx, companyId, ctx.actor));
    });
  } catch (err) {
    throw asDuplicateContact(err);
  }
}

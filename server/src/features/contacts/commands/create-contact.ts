import type { ContactData, ContactView } from '@chatflow/contract';
import { contacts } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceContact } from '../events';
import { replaceExtraInfo } from '../extra-info';
import { contactViewerFor } from '../lgpd';
import { contactView } from '../queries';
import { asDuplicateContact, assertNumberFree } from '../rules';
import { assertOnWhatsApp } from '../whatsapp-number';

/** POST /contacts: a contact of the caller's company; the number is unique per channel. */
export async function createContact(ctx: RequestContext, input: ContactData): Promise<ContactView> {
  const companyId = ctx.companyId;
  await assertOnWhatsApp(ctx, input.channel, input.number);
  try {
    return await ctx.transaction(async (tx) => {
      await assertNumberFree(tx, companyId, input.channel, input.number, null);
      const [row] = await tx
        .insert(contacts)
        .values({
          companyId,
          name: input.name,
          number: input.number,
          email: input.email,
          channel: input.channel,
        })
        .returning();
      if (input.extraInfo?.length) await replaceExtraInfo(tx, row.id, input.extraInfo);
      await announceContact(tx, ctx.realtime, row, 'create');
      return contactView(tx, row, await contactViewerFor(tx, companyId, ctx.actor));
    });
  } catch (err) {
    throw asDuplicateContact(err);
  }
}

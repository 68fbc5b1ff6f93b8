import { campaignMessages } from '@chatflow/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { CampaignRow } from '../../../db/schema';

/** The variants a contact may get: the numbers (1..5) of the messages that are not empty. */
export const variantsOf = (c: CampaignRow) =>
  campaignMessages(c)
    .map((m, i) => (m.trim() ? i + 1 : 0))
    .filter((n) => n > 0);

/**
 * Writes the campaign's shipping rows in one statement: one per distinct number of the audience (the
 * contact list's items not known to be off WhatsApp, and/or the WhatsApp contacts with the tag), in
 * the list's order, each with its variant rotated over the non-empty messages. (campaign, number) and
 * (campaign, position) are unique, so a second run writes nothing. Answers how many rows it wrote.
 */
export async function prepareShipping(db: DbOrTx, c: CampaignRow): Promise<number> {
  const variants = variantsOf(c);
  if (variants.length === 0) return 0;
  const listAudience = c.contactListId
    ? sql`select number, name, email, 0 as src, id from contact_list_items
          where contact_list_id = ${c.contactListId} and company_id = ${c.companyId} and is_whatsapp_valid is not false`
    : null;
  const tagAudience = c.tagListId
    ? sql`select ct.number, ct.name, ct.email, 1 as src, ct.id from contacts ct
          join contact_tags tg on tg.contact_id = ct.id
          where tg.tag_id = ${c.tagListId} and ct.company_id = ${c.companyId} and ct.is_group = false and ct.channel = 'whatsapp'`
    : null;
  const audience = listAudience && tagAudience ? sql`${listAudience} union all ${tagAudience}` : (listAudience ?? tagAudience);
  if (!audience) return 0;
  const variantArray = sql.raw(`array[${variants.join(',')}]::smallint[]`);
  const result = await db.execute(sql`
    insert into campaign_shipping (company_id, campaign_id, position, number, name, email, variant)
    select ${c.companyId}, ${c.id}, rn, number, name, email, (${variantArray})[((rn - 1) % ${variants.length}) + 1]
    from (
      select number, name, email, row_number() over (order by src, id) as rn
      from (select distinct on (number) number, name, email, src, id from (${audience}) a order by number, src, id) d
    ) x
    on conflict do nothing`);
  return (
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0
  );
}

import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { connections, contactListItems } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineJob, type JobDeps } from '../../jobs/define';

const BATCH = 200;

/** The connection whose provider answers "is this number on WhatsApp?": the company's default one. */
async function checkingProvider(deps: JobDeps, companyId: number) {
  const [connection] = await deps.db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.channel, 'whatsapp'), eq(connections.status, 'CONNECTED')))
    .orderBy(sql`${connections.isDefault} desc`, asc(connections.id))
    .limit(1);
  if (!connection) return null;
  try {
    const provider = await deps.channels.providerFor(connection.id);
    return provider.checkNumber ? provider : null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * Asks the default connection's provider about every item of a list not asked yet (isWhatsappValid
 * null), in batches, then tells the list's page to reload. Without a connected provider that can
 * tell, the items stay unchecked and a later import or edit asks again. Re-runs only redo what is null.
 */
export const checkNumbersJob = defineJob({
  name: 'contactList.checkNumbers',
  payload: z.object({ companyId: z.number().int().positive(), contactListId: z.number().int().positive() }),
  retry: { limit: 3, backoffSeconds: 10 },
  async run({ companyId, contactListId }, deps) {
    const provider = await checkingProvider(deps, companyId);
    if (!provider?.checkNumber) return;
    let after = 0;
    let changed = false;
    for (;;) {
      const rows = await deps.db
        .select({ id: contactListItems.id, number: contactListItems.number })
        .from(contactListItems)
        .where(
          and(eq(contactListItems.contactListId, contactListId), isNull(contactListItems.isWhatsappValid), gt(contactListItems.id, after)),
        )
        .orderBy(asc(contactListItems.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const answers = await Promise.all(rows.map(async (r) => ({ id: r.id, valid: await provider.checkNumber!(r.number) })));
      const valid = answers.filter((a) => a.valid).map((a) => a.id);
      const invalid = answers.filter((a) => !a.valid).map((a) => a.id);
      for (const [ids, value] of [
        [valid, true],
        [invalid, false],
      ] as const) {
        if (ids.length === 0) continue;
        await deps.db
          .update(contactListItems)
          .set({ isWhatsappValid: value })
          .where(and(eq(contactListItems.contactListId, contactListId), inArray(contactListItems.id, [...ids])));
      }
      changed = true;
    }
    if (changed) deps.realtime.toCompany(companyId, 'ContactListItem', { action: 'reload', contactListId });
  },
});

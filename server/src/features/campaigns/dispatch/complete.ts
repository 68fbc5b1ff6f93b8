import { eq, sql } from 'drizzle-orm';
import { type ConnectionRow, campaigns } from '../../../db/schema';
import type { transactionRunner } from '../../../http/context';
import type { JobDeps } from '../../../jobs/define';
import { announceCampaign } from '../events';
import { completeRows } from './claim';
import type { Plan } from './plan';
import { recordInTickets } from './record';
import type { SentRow } from './send';

/**
 * The step's second transaction: completes the claims with the provider's message ids, records each
 * sent message in the contact's ticket (record.ts, the campaign's ticket options) and counts the
 * delivered rows; then announces the campaign. Only the rows this completion moved go into tickets
 * and the count: a row another worker completed after its lease is theirs.
 */
export async function completeStep(
  deps: JobDeps,
  transaction: ReturnType<typeof transactionRunner>,
  plan: Plan,
  connection: ConnectionRow,
  done: SentRow[],
): Promise<void> {
  const campaignId = plan.campaign.id;
  await transaction(async (tx) => {
    const completed = await completeRows(tx, deps.clock.now(), done);
    const byId = new Map(done.map((d) => [d.id, d]));
    const rowsById = new Map(plan.rows.map((r) => [r.id, r]));
    await recordInTickets(
      tx,
      deps,
      plan.campaign,
      connection,
      completed.map(({ id }) => ({ to: rowsById.get(id)!, parts: byId.get(id)!.parts })),
    );
    const delivered = completed.filter((r) => !r.awaiting).length;
    if (delivered > 0)
      await tx
        .update(campaigns)
        .set({ deliveredCount: sql`${campaigns.deliveredCount} + ${delivered}` })
        .where(eq(campaigns.id, campaignId));
  });
  await announceCampaign(deps.db, deps.realtime, campaignId);
}

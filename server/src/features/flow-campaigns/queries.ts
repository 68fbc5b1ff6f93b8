import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type FlowCampaignRow, flowCampaigns, flows } from '../../db/schema';
import { notFound } from '../../http/errors';
import { phraseKey } from './phrase';

export function listFlowCampaigns(db: Db | Tx, companyId: number): Promise<FlowCampaignRow[]> {
  return db.select().from(flowCampaigns).where(eq(flowCampaigns.companyId, companyId)).orderBy(desc(flowCampaigns.id));
}

/** One campaign of the company; another company's id is a 404, like one that does not exist. */
export async function findFlowCampaign(db: Db | Tx, companyId: number, id: number): Promise<FlowCampaignRow> {
  const [row] = await db
    .select()
    .from(flowCampaigns)
    .where(and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The company's flows for the dialog's chooser (id, name, active), by name. */
export function flowChoices(db: Db | Tx, companyId: number) {
  return db
    .select({ id: flows.id, name: flows.name, active: flows.active })
    .from(flows)
    .where(eq(flows.companyId, companyId))
    .orderBy(asc(flows.name), asc(flows.id));
}

/**
 * The flow an active campaign of the company starts for `text` arriving on `connectionId`: a campaign of
 * that connection, or of none (any connection); the connection's own wins, then the oldest. Null when
 * nothing matches (then the connection's not-phrase flow may run).
 */
export async function matchPhraseCampaign(
  db: Db | Tx,
  companyId: number,
  connectionId: number,
  text: string,
): Promise<{ campaignId: number; flowId: number } | null> {
  const key = phraseKey(text);
  if (!key) return null;
  const rows = await db
    .select({ id: flowCampaigns.id, flowId: flowCampaigns.flowId, connectionId: flowCampaigns.connectionId })
    .from(flowCampaigns)
    .where(
      and(
        eq(flowCampaigns.companyId, companyId),
        eq(flowCampaigns.phraseKey, key),
        eq(flowCampaigns.status, true),
        or(eq(flowCampaigns.connectionId, connectionId), isNull(flowCampaigns.connectionId)),
      ),
    )
    .orderBy(asc(flowCampaigns.id));
  const best = rows.find((r) => r.connectionId === connectionId) ?? rows[0];
  return best ? { campaignId: best.id, flowId: best.flowId } : null;
}

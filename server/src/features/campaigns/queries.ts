import {
  CAMPAIGN_SHIPPING_PAGE_SIZE,
  CAMPAIGNS_PAGE_SIZE,
  type CampaignPage,
  type CampaignShippingPage,
  type CampaignView,
} from '@chatflow/contract';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type CampaignRow, campaignShipping, campaigns, connections, contactLists } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type CampaignWithRefs, presentCampaign, presentShipping } from './presenter';
import { waitingForHours } from './waiting';

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const withRefs = (db: DbOrTx) =>
  db
    .select({ campaign: campaigns, contactListName: contactLists.name, whatsappName: connections.name })
    .from(campaigns)
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .leftJoin(connections, eq(connections.id, campaigns.whatsappId));

/** GET /campaigns: a page of 20, newest first, searched on the name. */
/** The views of one company's campaigns, each running one saying until when it waits for its sending hours. */
async function presentAll(db: DbOrTx, companyId: number, rows: CampaignWithRefs[], now: Date): Promise<CampaignView[]> {
  const waiting = await waitingForHours(
    db,
    companyId,
    rows.map((r) => r.campaign),
    now,
  );
  return rows.map((r) => presentCampaign(r, waiting.get(r.campaign.id) ?? null));
}

export async function listCampaignsPage(
  db: DbOrTx,
  companyId: number,
  f: { searchParam: string; pageNumber: number },
  now = new Date(),
): Promise<CampaignPage> {
  const term = f.searchParam.trim();
  const where: SQL | undefined = and(eq(campaigns.companyId, companyId), term ? ilike(campaigns.name, containsPattern(term)) : undefined);
  const offset = (f.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
  const rows = await withRefs(db).where(where).orderBy(desc(campaigns.id)).limit(CAMPAIGNS_PAGE_SIZE).offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(campaigns).where(where);
  return { records: await presentAll(db, companyId, rows, now), count, hasMore: offset + rows.length < count };
}

export async function campaignView(db: DbOrTx, companyId: number, id: number, now = new Date()): Promise<CampaignView> {
  const [row] = await withRefs(db).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  if (!row) throw notFound();
  return (await presentAll(db, companyId, [row], now))[0];
}

/** The campaign view by id alone (jobs, which carry no caller). */
export async function campaignViewById(db: DbOrTx, id: number): Promise<CampaignView | null> {
  const [row] = await withRefs(db).where(eq(campaigns.id, id));
  return row ? (await presentAll(db, row.campaign.companyId, [row], new Date()))[0] : null;
}

export async function findCampaign(db: DbOrTx, companyId: number, id: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  if (!row) throw notFound();
  return row;
}

/** GET /campaigns/:id/shipping: the report's records, in sending order, 50 a page. */
export async function listShippingPage(
  db: DbOrTx,
  companyId: number,
  campaignId: number,
  pageNumber: number,
): Promise<CampaignShippingPage> {
  await findCampaign(db, companyId, campaignId);
  const offset = (pageNumber - 1) * CAMPAIGN_SHIPPING_PAGE_SIZE;
  const rows = await db
    .select()
    .from(campaignShipping)
    .where(eq(campaignShipping.campaignId, campaignId))
    .orderBy(asc(campaignShipping.position))
    .limit(CAMPAIGN_SHIPPING_PAGE_SIZE + 1)
    .offset(offset);
  return { records: rows.slice(0, CAMPAIGN_SHIPPING_PAGE_SIZE).map(presentShipping), hasMore: rows.length > CAMPAIGN_SHIPPING_PAGE_SIZE };
}

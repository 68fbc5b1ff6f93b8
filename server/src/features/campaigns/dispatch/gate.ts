import type { CampaignSettingsValues } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { ChannelProvider } from '../../../channels/types';
import { type CampaignRow, type ConnectionRow, campaigns, companies, connections } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import type { JobDeps } from '../../../jobs/define';
import { readCampaignSettings } from '../settings';

/** What a step that passed its gate works with: the campaign as read, the seq it moves on, and what it sends through. */
export interface Gate {
  campaign: CampaignRow;
  timeZone: string;
  connection: ConnectionRow | null;
  /** The seq this step moves on: its own, or the chain's current one when it takes an idle chain over. */
  seq: number;
  /** The connection's provider, or null while the connection is away (the step then waits). */
  provider: ChannelProvider | null;
  settings: CampaignSettingsValues;
}

/** The campaign with its company's time zone and its connection's state, read before the step's transaction. */
async function loadCampaign(deps: JobDeps, campaignId: number) {
  const [row] = await deps.db
    .select({ campaign: campaigns, timeZone: companies.timeZone, connection: connections })
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .leftJoin(connections, eq(connections.id, campaigns.whatsappId))
    .where(eq(campaigns.id, campaignId));
  return row;
}

async function providerOf(deps: JobDeps, c: CampaignRow, connection: ConnectionRow | null): Promise<ChannelProvider | null> {
  if (!c.whatsappId || connection?.status !== 'CONNECTED') return null;
  try {
    return await deps.channels.providerFor(c.whatsappId);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * The step's gate, before any transaction: a campaign no longer running stops the chain, and so does a
 * stale step (a duplicate, or the backup of a step whose successor ran) unless the chain sat idle for a
 * lease (a job lost), which this step then takes over at the chain's current seq.
 */
export async function gateStep(deps: JobDeps, campaignId: number, stepSeq: number): Promise<Gate | null> {
  let seq = stepSeq;
  const loaded = await loadCampaign(deps, campaignId);
  if (loaded?.campaign.status !== 'EM_ANDAMENTO') return null;
  if (loaded.campaign.dispatchSeq !== seq) {
    // A stale step: a duplicate, or the backup of a step whose successor ran. The chain's newest step
    // wrote a job of its own, so this one stops; only a chain idle for a lease (a job lost) is taken over.
    const idle = deps.clock.now().getTime() - loaded.campaign.updatedAt.getTime();
    if (idle < deps.config.campaignClaimLeaseSeconds * 1000) return null;
    seq = loaded.campaign.dispatchSeq;
  }
  const provider = await providerOf(deps, loaded.campaign, loaded.connection);
  const settings = await readCampaignSettings(deps.db, loaded.campaign.companyId);
  return { ...loaded, seq, provider, settings };
}

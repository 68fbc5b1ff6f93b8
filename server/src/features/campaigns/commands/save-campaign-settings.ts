import type { CampaignSettingsValues, CampaignSettingsView } from '@chatflow/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignSettings, campaigns } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { dispatchStepJob } from '../dispatch/step';
import { announceCampaign } from '../events';
import { CAMPAIGN_SETTING_KEYS, campaignSettingsView } from '../settings';
import { waitingForHours } from '../waiting';

/**
 * POST /campaign-settings {settings}: each key sent is stored; the others stay. A running campaign that
 * was waiting for its sending hours has its next step queued for a later time by the old hours; it is
 * re-planned now (a fresh step number, so the old step changes nothing), and its first step applies
 * the new hours: widened, it sends at once. Campaigns between paced sends are left alone.
 */
export async function saveCampaignSettings(ctx: RequestContext, settings: Partial<CampaignSettingsValues>): Promise<CampaignSettingsView> {
  await ctx.transaction(async (tx) => {
    const running = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.status, 'EM_ANDAMENTO')));
    const waiting = [...(await waitingForHours(tx, ctx.companyId, running, ctx.clock.now())).keys()];
    for (const key of CAMPAIGN_SETTING_KEYS) {
      if (settings[key] === undefined) continue;
      const value = JSON.stringify(settings[key]);
      await tx
        .insert(campaignSettings)
        .values({ companyId: ctx.companyId, key, value })
        .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value, updatedAt: new Date() } });
    }
    if (waiting.length === 0) return;
    const replanned = await tx
      .update(campaigns)
      .set({ dispatchSeq: sql`${campaigns.dispatchSeq} + 1`, updatedAt: ctx.clock.now() })
      .where(and(inArray(campaigns.id, waiting), eq(campaigns.status, 'EM_ANDAMENTO')))
      .returning({ id: campaigns.id, seq: campaigns.dispatchSeq });
    for (const c of replanned) await dispatchStepJob.send(ctx.jobs, { campaignId: c.id, seq: c.seq }, { tx });
    tx.afterCommit(async () => {
      for (const c of replanned) await announceCampaign(ctx.db, ctx.realtime, c.id);
    });
  });
  return campaignSettingsView(ctx.db, ctx.companyId);
}

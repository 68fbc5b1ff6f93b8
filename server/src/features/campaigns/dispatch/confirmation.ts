import { type AnyColumn, and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { campaignShipping, campaigns, connections, contacts, messages, tickets } from '../../../db/schema';
import { type HookedTx, transactionRunner } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { defineJob } from '../../../jobs/define';
import type { JobQueue } from '../../../jobs/queue';
import { announceCampaign } from '../events';
import { readCampaignSettings } from '../settings';
import { campaignAttachment, campaignPayloads, sendPayloads } from './payloads';
import { recordInTicket } from './record';
import { shippingKey, shippingText } from './send';

/**
 * The confirmation flow's second half (spec 3 "Campaigns"): a contact who was sent a confirmation
 * message answers, and then gets the campaign message. The row moves awaiting_confirmation ->
 * confirming (claimed, with confirmedAt) -> delivered with the provider's id; a re-run (a retried job,
 * a second answer) finds the row confirming and sends again with the same key, which the provider
 * answers with the first message, so the contact gets it once; the transaction that delivers the row
 * records the message in the contact's ticket, so it is in the history once too.
 */
export const confirmationReplyJob = defineJob({
  name: 'campaign.confirmationReply',
  payload: z.object({ messageId: z.number().int().positive() }),
  retry: { limit: 5, backoffSeconds: 10 },
  async run({ messageId }, deps) {
    const [from] = await deps.db
      .select({ number: contacts.number, companyId: contacts.companyId, connectionId: tickets.connectionId, fromMe: messages.fromMe })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(messages.id, messageId));
    if (!from || from.fromMe || !from.connectionId) return;
    const now = deps.clock.now();
    const claimed = await deps.db
      .update(campaignShipping)
      .set({ state: 'confirming', confirmedAt: sql`coalesce(${campaignShipping.confirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(campaignShipping.companyId, from.companyId),
          eq(campaignShipping.number, from.number),
          inArray(campaignShipping.state, ['awaiting_confirmation', 'confirming']),
          sql`${campaignShipping.campaignId} in (select id from campaigns where whatsapp_id = ${from.connectionId} and status <> 'CANCELADA')`,
        ),
      )
      .returning();
    for (const row of claimed) {
      const [campaign] = await deps.db.select().from(campaigns).where(eq(campaigns.id, row.campaignId));
      if (!campaign?.whatsappId) continue;
      let provider: Awaited<ReturnType<typeof deps.channels.providerFor>>;
      try {
        provider = await deps.channels.providerFor(campaign.whatsappId);
      } catch (err) {
        if (err instanceof AppError) continue; // the connection is away: the next answer tries again
        throw err;
      }
      const settings = await readCampaignSettings(deps.db, campaign.companyId);
      const { text } = shippingText({ ...campaign, confirmation: false }, settings, { ...row, variant: row.variant });
      // The campaign message proper, with the attachment the confirmation request went without.
      const payloads = campaignPayloads(await campaignAttachment(campaign, deps.config), row.number, text);
      const parts = await sendPayloads(provider, payloads, shippingKey(row.id));
      await transactionRunner(
        deps.db,
        deps.log,
      )(async (tx) => {
        const [done] = await tx
          .update(campaignShipping)
          .set({ state: 'delivered', externalId: parts[0].externalId, deliveredAt: now })
          .where(and(eq(campaignShipping.id, row.id), eq(campaignShipping.state, 'confirming')))
          .returning({ id: campaignShipping.id });
        if (!done) return; // another run of this answer delivered and recorded it
        await tx
          .update(campaigns)
          .set({ deliveredCount: sql`${campaigns.deliveredCount} + 1` })
          .where(eq(campaigns.id, campaign.id));
        const [connection] = await tx.select().from(connections).where(eq(connections.id, campaign.whatsappId!));
        // Into the ticket the answer came to (the contact's active ticket), as the campaign's options say.
        if (connection) await recordInTicket(tx, deps, campaign, connection, row, parts);
      });
      await announceCampaign(deps.db, deps.realtime, campaign.id);
    }
  },
});

/**
 * Whether the contact (company and number) awaits a campaign confirmation, as a column of the
 * automation turn's one read of a customer message (automation/turn.ts), through
 * campaign_shipping_awaiting_idx: every customer message asks, so the check costs an indexed probe
 * there instead of a round trip of its own.
 */
export const awaitsConfirmationSql = (companyId: AnyColumn, number: AnyColumn) =>
  sql<boolean>`exists(select 1 from ${campaignShipping} where ${campaignShipping.companyId} = ${companyId}
    and ${campaignShipping.number} = ${number} and ${campaignShipping.state} in ('awaiting_confirmation', 'confirming'))`;

/**
 * The campaign message for a contact who answered a confirmation request (awaitsConfirmationSql said
 * so), sent in the transaction that answers the message: it runs once that commits, its stored copy
 * being the fallback.
 */
export function queueConfirmationReply(jobs: JobQueue, tx: HookedTx, messageId: number) {
  return confirmationReplyJob.send(jobs, { messageId }, { tx, runAfterCommit: true, startAfterSeconds: 30 });
}

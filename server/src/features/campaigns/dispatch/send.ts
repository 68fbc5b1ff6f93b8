import { type CampaignSettingsValues, campaignMessages, renderCampaignMessage } from '@chatflow/contract';
import type { ChannelProvider } from '../../../channels/types';
import type { CampaignRow } from '../../../db/schema';
import type { JobDeps } from '../../../jobs/define';
import type { ClaimedRow, Completion } from './claim';
import { campaignAttachment, campaignPayloads, type SentPart, sendPayloads } from './payloads';

/** The idempotency key of a campaign send: a re-send after a crash is the same message to the provider. */
export const shippingKey = (shippingId: number, part: 'message' | 'confirmation' = 'message') =>
  part === 'message' ? `campaign-${shippingId}` : `campaign-${shippingId}-confirmation`;

/** What one row is sent: its variant with the variables filled in, or that variant's confirmation message first. */
export function shippingText(c: CampaignRow, settings: CampaignSettingsValues, row: ClaimedRow) {
  const index = Math.min(Math.max(row.variant, 1), 5) - 1;
  const message = campaignMessages(c)[index];
  const confirmation = [
    c.confirmationMessage1,
    c.confirmationMessage2,
    c.confirmationMessage3,
    c.confirmationMessage4,
    c.confirmationMessage5,
  ][index];
  const render = (text: string) => renderCampaignMessage(text, row, settings.variables);
  if (c.confirmation && confirmation.trim()) return { text: render(confirmation), awaitingConfirmation: true };
  return { text: render(message), awaitingConfirmation: false };
}

/** A row the provider took: its completion, and the messages to record in the contact's ticket. */
export type SentRow = Completion & { parts: SentPart[] };

/**
 * Sends the claimed rows (side by side within a batch), outside any transaction. A row whose send fails
 * stays claimed and is sent again after the lease with the same key; the failure is logged, the step goes on.
 */
export async function sendRows(
  deps: JobDeps,
  provider: ChannelProvider,
  c: CampaignRow,
  settings: CampaignSettingsValues,
  rows: ClaimedRow[],
): Promise<SentRow[]> {
  const attachment = await campaignAttachment(c, deps.config);
  const results = await Promise.all(
    rows.map(async (row): Promise<SentRow | null> => {
      const { text, awaitingConfirmation } = shippingText(c, settings, row);
      // A confirmation request is text alone; the attachment goes with the campaign message itself.
      const payloads = awaitingConfirmation ? campaignPayloads(null, row.number, text) : campaignPayloads(attachment, row.number, text);
      try {
        const key = shippingKey(row.id, awaitingConfirmation ? 'confirmation' : 'message');
        const parts = await sendPayloads(provider, payloads, key);
        return { id: row.id, externalId: parts[0].externalId, awaitingConfirmation, parts };
      } catch (err) {
        deps.log.warn({ err, campaignId: c.id, shippingId: row.id }, 'campaign send failed; the row is sent again after its lease');
        return null;
      }
    }),
  );
  return results.filter((r): r is SentRow => r !== null);
}

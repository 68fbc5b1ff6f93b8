import type { ChannelProvider, OutboundPayload } from '../../../channels/types';
import type { Config } from '../../../config';
import type { CampaignRow } from '../../../db/schema';
import { outboundPayload } from '../../outbound';

type MediaPayload = Extract<OutboundPayload, { kind: 'media' }>;

/**
 * The campaign's attachment as a provider sends it (its file read once per dispatch step, not per
 * contact), or null when it has none or its file is gone (then the text goes alone: a campaign is
 * not stopped by a missing file).
 */
export async function campaignAttachment(c: CampaignRow, files: Pick<Config, 'dataDir' | 'storage'>): Promise<MediaPayload | null> {
  if (!c.mediaPath || !c.mediaType) return null;
  const payload = await outboundPayload(
    { mediaType: c.mediaType, mediaUrl: c.mediaPath, mediaName: c.mediaName, body: '', dataJson: null },
    '',
    files,
    null,
  );
  return payload.kind === 'media' ? payload : null;
}

/**
 * What one contact receives for the campaign message: the attachment with the text as its caption,
 * or, for audio (WhatsApp shows no caption under a voice note), the text and then the audio.
 */
export function campaignPayloads(attachment: MediaPayload | null, to: string, text: string): OutboundPayload[] {
  if (!attachment) return [{ kind: 'text', to, body: text }];
  if (attachment.mediaType === 'audio')
    return [
      { kind: 'text', to, body: text },
      { ...attachment, to },
    ];
  return [{ ...attachment, to, caption: text }];
}

/** One provider message of a contact's send, as the ticket's history records it (record.ts). */
export interface SentPart {
  externalId: string;
  /** The text, or the attachment's caption. */
  body: string;
  /** The campaign's attachment went in this part. */
  media: boolean;
}

/**
 * Sends a contact's payloads in order, each under its own idempotency key derived from the row's
 * (a re-send after a crash repeats none of them, and gets the same external ids back); the first
 * part's id is the shipping's message id.
 */
export async function sendPayloads(provider: ChannelProvider, payloads: OutboundPayload[], key: string): Promise<SentPart[]> {
  const parts: SentPart[] = [];
  for (const [i, payload] of payloads.entries()) {
    const { externalId } = await provider.send(payload, { idempotencyKey: i === 0 ? key : `${key}-part${i + 1}` });
    parts.push(
      payload.kind === 'media'
        ? { externalId, body: payload.caption ?? '', media: true }
        : { externalId, body: payload.kind === 'text' ? payload.body : '', media: false },
    );
  }
  return parts;
}

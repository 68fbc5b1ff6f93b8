import { z } from 'zod';
import type { OutboundPolicy } from '../../../http/outbound/policy';
import { type BotOutcome, callBot, checkStatus, textReply } from '../runtime/outcome';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signBody } from './signature';

export interface WebhookTarget {
  url: string;
  signingSecret: string;
  outbound: OutboundPolicy;
}

/** The JSON body POSTed to a webhook or n8n integration for each customer message. */
export interface WebhookDelivery {
  event: 'message';
  deliveryId: string;
  integration: { id: number; name: string; type: string };
  companyId: number;
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: number; body: string; mediaType: string | null; mediaUrl: string | null; createdAt: string };
}

/**
 * What a 2xx answer may carry, synchronously: messages to send back to the customer and a handoff
 * flag. Any other body (empty, text, other JSON) sends nothing.
 */
const SyncAnswer = z.object({
  messages: z
    .array(z.union([z.string(), z.object({ body: z.string() })]))
    .max(20)
    .optional()
    .default([]),
  handoff: z.boolean().optional().default(false),
});

/**
 * One signed delivery. The same `deliveryId` is sent on every retry of a message, so a receiver can
 * drop repeats. Throws BotUnavailable (timeout, network, 5xx, 429) or BotRefused (other 4xx).
 */
export async function deliverWebhook(target: WebhookTarget, delivery: WebhookDelivery): Promise<BotOutcome> {
  const body = JSON.stringify(delivery);
  const res = await callBot(
    target.url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(target.signingSecret, body),
        [DELIVERY_HEADER]: delivery.deliveryId,
        [EVENT_HEADER]: delivery.event,
      },
      body,
    },
    target.outbound,
    'webhook',
  );
  checkStatus(res, 'webhook');
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const answer = SyncAnswer.safeParse(parsed);
  if (!answer.success) return { replies: [], handoff: false };
  return {
    replies: answer.data.messages.map((m) => textReply(typeof m === 'string' ? m : m.body)).filter((r) => r.text.trim() !== ''),
    handoff: answer.data.handoff,
  };
}

import { readFile } from 'node:fs/promises';
import { ACK } from '@chatflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ConnectionRow } from '../../db/schema';
import { GraphClient, MediaTooLarge } from '../graph/client';
import { sendFailure } from '../graph/errors';
import { tooLargeText } from '../graph/too-large';
import type { ChannelProvider, InboundMessage, OutboundPayload, ProviderEvents, SendResult } from '../types';
import { contentOf, mediaRefOf } from './inbound';
import { senderOf } from './sender';
import { mediaBody, messageBody } from './outbound';
import { type CloudChangeValue, CloudMessage, CloudStatus } from './webhook';

export interface CloudApiDeps {
  graphApiUrl: string;
  log: FastifyBaseLogger;
  /** The global downloadLimit setting, in bytes: inbound files larger than this are not stored. */
  downloadLimitBytes(): Promise<number>;
}

/** Cloud API statuses in the product's ack scale; `failed` is logged, never an ack (acks only move forward). */
const ACK_OF: Record<string, number> = { sent: ACK.sent, delivered: ACK.delivered, read: ACK.read };

interface SendAnswer {
  messages?: { id: string }[];
}

/**
 * The WhatsApp Cloud API provider (channel `whatsappapi`). There is no session: Meta pushes
 * messages and statuses to the webhook (features/meta routes them here by phone number id) and
 * sends are Graph calls with the connection's token (tokenMeta) on its phone number id
 * (facebookPageUserId).
 */
export class CloudApiProvider implements ChannelProvider {
  private readonly graph: GraphClient;
  /** Recent sends by idempotency key: a job re-run in this process returns the first answer. */
  private readonly sent = new LRUCache<string, string>({ max: 5_000 });
  /** Business-scoped ids already reported with their number (each once in this process). */
  private readonly aliasesTold = new LRUCache<string, true>({ max: 5_000 });

  constructor(
    private readonly connection: ConnectionRow,
    private readonly events: ProviderEvents,
    private readonly deps: CloudApiDeps,
  ) {
    this.graph = new GraphClient(deps.graphApiUrl, connection.tokenMeta);
  }

  private get phoneNumberId() {
    return this.connection.facebookPageUserId;
  }

  /** Whether webhooks naming this phone number id are this connection's (its row as this provider started with it). */
  servesAccount(accountId: string): boolean {
    return this.phoneNumberId === accountId;
  }

  async start(): Promise<void> {
    await this.events.onStatus('CONNECTED');
  }

  async stop(): Promise<void> {}

  async send(payload: OutboundPayload, options: { idempotencyKey: string }): Promise<SendResult> {
    const earlier = this.sent.get(options.idempotencyKey);
    if (earlier) return { externalId: earlier };
    try {
      const body = payload.kind === 'media' ? mediaBody(payload, await this.upload(payload)) : messageBody(payload);
      // Meta hands biz_opaque_callback_data back in the status webhooks: an ack that beats the
      // send job's write of the message id still finds its message through the key.
      const answer = await this.graph.post<SendAnswer>(`${this.phoneNumberId}/messages`, {
        ...body,
        biz_opaque_callback_data: options.idempotencyKey,
      });
      const externalId = answer.messages?.[0]?.id;
      if (!externalId) throw new Error('Cloud API answered a send without a message id');
      this.sent.set(options.idempotencyKey, externalId);
      return { externalId };
    } catch (err) {
      throw sendFailure(err);
    }
  }

  /** Uploads a stored file to the phone number's media (POST /{id}/media) and answers its media id. */
  private async upload(payload: Extract<OutboundPayload, { kind: 'media' }>): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', payload.mimeType);
    form.set('file', new Blob([await readFile(payload.filePath)], { type: payload.mimeType }), payload.fileName);
    const { id } = await this.graph.postForm<{ id: string }>(`${this.phoneNumberId}/media`, form);
    return id;
  }

  async markRead(externalIds: string[]): Promise<void> {
    for (const id of externalIds) {
      await this.graph.post(`${this.phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: id });
    }
  }

  /** One `messages` change of a webhook delivery: inbound messages first, then statuses. */
  async receive(value: CloudChangeValue): Promise<void> {
    for (const raw of value.messages ?? []) {
      const parsed = CloudMessage.safeParse(raw);
      if (!parsed.success) {
        this.deps.log.warn({ connectionId: this.connection.id, issues: parsed.error.issues }, 'cloud api: malformed message skipped');
        continue;
      }
      const sender = senderOf(parsed.data, value.contacts ?? []);
      if (!sender) {
        this.deps.log.warn({ connectionId: this.connection.id }, 'cloud api: message without a sender skipped');
        continue;
      }
      // A customer kept under a business-scoped id whose number now came too: one contact, keyed by the number.
      // Remembered once done: a failed merge fails the delivery, and Meta's retry asks again.
      if (sender.alias && !this.aliasesTold.has(sender.alias)) {
        await this.events.onNumberLearned?.({ connectionId: this.connection.id, alias: sender.alias, number: sender.from });
        this.aliasesTold.set(sender.alias, true);
      }
      const inbound = await this.inboundOf(parsed.data, sender.from, sender.name);
      if (inbound) await this.events.onInbound(inbound);
    }
    for (const raw of value.statuses ?? []) {
      const parsed = CloudStatus.safeParse(raw);
      if (!parsed.success) {
        this.deps.log.warn({ connectionId: this.connection.id }, 'cloud api: malformed status skipped');
        continue;
      }
      await this.status(parsed.data as CloudStatus & { biz_opaque_callback_data?: string });
    }
  }

  private async status(status: CloudStatus & { biz_opaque_callback_data?: string }): Promise<void> {
    const ack = ACK_OF[status.status];
    if (ack === undefined) {
      this.deps.log.warn(
        { connectionId: this.connection.id, externalId: status.id, status: status.status, errors: status.errors },
        'cloud api: message not delivered',
      );
      return;
    }
    const known = await this.events.onAck({
      connectionId: this.connection.id,
      externalId: status.id,
      ack,
      idempotencyKey: status.biz_opaque_callback_data ?? null,
    });
    if (!known) this.deps.log.info({ connectionId: this.connection.id, externalId: status.id }, 'cloud api: status of an unknown message');
  }

  private async inboundOf(message: CloudMessage, from: string, name: string): Promise<InboundMessage | null> {
    const content = contentOf(message);
    if (!content) {
      this.deps.log.info({ connectionId: this.connection.id, type: message.type }, 'cloud api: message type not filed');
      return null;
    }
    const inbound: InboundMessage = {
      connectionId: this.connection.id,
      externalId: message.id,
      from,
      name,
      ack: ACK.sent,
      ...content,
      ...(message.context?.id && !content.quotedExternalId ? { quotedExternalId: message.context.id } : {}),
      ...(message.timestamp ? { timestamp: new Date(Number(message.timestamp) * 1000) } : {}),
    };
    const ref = mediaRefOf(message);
    if (!ref) return inbound;
    try {
      // GET /{media-id} answers a short-lived URL; the file itself needs the same token.
      const meta = await this.graph.get<{ url: string; mime_type?: string }>(ref.id);
      const file = await this.graph.download(meta.url, await this.deps.downloadLimitBytes());
      const mimeType = ref.mimeType ?? meta.mime_type ?? file.mimeType;
      return { ...inbound, media: { data: file.data, mimeType, ...(ref.fileName ? { fileName: ref.fileName } : {}) } };
    } catch (err) {
      if (!(err instanceof MediaTooLarge)) throw err;
      return { ...inbound, mediaType: 'conversation', body: tooLargeText(err.limitBytes, ref.fileName, inbound.body) };
    }
  }
}

import { readFile } from 'node:fs/promises';
import { ACK } from '@chatflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ConnectionRow } from '../../db/schema';
import { GraphClient, MediaTooLarge } from '../graph/client';
import { sendFailure } from '../graph/errors';
import { tooLargeText } from '../graph/too-large';
import type { ChannelProvider, InboundMessage, OutboundPayload, ProviderEvents, SendResult } from '../types';
import { attachmentType, recipient, textOf } from './outbound';
import { ATTACHMENT_KINDS, type MessagingEvent } from './webhook';

export interface MetaDeps {
  graphApiUrl: string;
  log: FastifyBaseLogger;
  downloadLimitBytes(): Promise<number>;
}

/**
 * Facebook Messenger and Instagram Direct (channels `facebook`, `instagram`). Like the Cloud API
 * there is no session: the webhook (features/meta) hands events here by page or Instagram account
 * id (facebookPageUserId) and sends are Send API calls with the page token (tokenMeta).
 * Files go up as multipart uploads (Instagram takes them the same way through the page).
 */
export class MetaProvider implements ChannelProvider {
  private readonly graph: GraphClient;
  private readonly sent = new LRUCache<string, string>({ max: 5_000 });
  /** Sender names by id: the profile lookup is one Graph call per person, not per message. */
  private readonly names = new LRUCache<string, string>({ max: 10_000, ttl: 60 * 60_000 });

  constructor(
    private readonly connection: ConnectionRow,
    private readonly events: ProviderEvents,
    private readonly deps: MetaDeps,
  ) {
    this.graph = new GraphClient(deps.graphApiUrl, connection.tokenMeta);
  }

  /** Whether webhooks naming this page or Instagram account id are this connection's (its row as this provider started with it). */
  servesAccount(accountId: string): boolean {
    return this.connection.facebookPageUserId === accountId;
  }

  async start(): Promise<void> {
    await this.events.onStatus('CONNECTED');
  }

  async stop(): Promise<void> {}

  async send(payload: OutboundPayload, options: { idempotencyKey: string }): Promise<SendResult> {
    const earlier = this.sent.get(options.idempotencyKey);
    if (earlier) return { externalId: earlier };
    try {
      const answer = payload.kind === 'media' ? await this.sendFile(payload) : await this.sendText(payload);
      this.sent.set(options.idempotencyKey, answer.message_id);
      return { externalId: answer.message_id };
    } catch (err) {
      throw sendFailure(err);
    }
  }

  private sendText(payload: Exclude<OutboundPayload, { kind: 'media' }>) {
    return this.graph.post<{ message_id: string }>('me/messages', { ...recipient(payload.to), message: { text: textOf(payload) } });
  }

  /** A file as a multipart upload (filedata), then its caption as a text message of its own. */
  private async sendFile(payload: Extract<OutboundPayload, { kind: 'media' }>) {
    const form = new FormData();
    form.set('recipient', JSON.stringify({ id: payload.to }));
    form.set('messaging_type', 'RESPONSE');
    form.set('message', JSON.stringify({ attachment: { type: attachmentType(payload.mediaType), payload: { is_reusable: false } } }));
    form.set('filedata', new Blob([await readFile(payload.filePath)], { type: payload.mimeType }), payload.fileName);
    const answer = await this.graph.postForm<{ message_id: string }>('me/messages', form);
    if (payload.caption) await this.sendText({ kind: 'text', to: payload.to, body: payload.caption });
    return answer;
  }

  /** One messaging event of a webhook delivery. */
  async receive(event: MessagingEvent): Promise<void> {
    const id = this.connection.id;
    for (const mid of event.delivery?.mids ?? []) await this.events.onAck({ connectionId: id, externalId: mid, ack: ACK.delivered });
    if (event.read?.mid) await this.events.onAck({ connectionId: id, externalId: event.read.mid, ack: ACK.read });
    if (event.reaction && event.reaction.action !== 'unreact') {
      await this.events.onInbound({
        connectionId: id,
        externalId: `${event.reaction.mid}:reaction:${event.sender.id}:${event.timestamp ?? ''}`,
        from: event.sender.id,
        name: await this.nameOf(event.sender.id),
        mediaType: 'reactionMessage',
        body: event.reaction.emoji ?? '',
        quotedExternalId: event.reaction.mid,
        dataJson: { reactionMessage: { text: event.reaction.emoji ?? '', key: { id: event.reaction.mid } } },
      });
    }
    const message = event.message;
    if (!message) return;
    // Echoes are the page's own sends (this product's included): the send job already stored them.
    if (message.is_echo) return;
    for (const inbound of await this.inboundOf(event, message)) await this.events.onInbound(inbound);
  }

  /** A message with several attachments becomes one product message per file (the text goes with the first). */
  private async inboundOf(event: MessagingEvent, message: NonNullable<MessagingEvent['message']>): Promise<InboundMessage[]> {
    const base = {
      connectionId: this.connection.id,
      from: event.sender.id,
      name: await this.nameOf(event.sender.id),
      ack: ACK.sent,
      ...(message.reply_to?.mid ? { quotedExternalId: message.reply_to.mid } : {}),
      ...(event.timestamp ? { timestamp: new Date(event.timestamp) } : {}),
    };
    const files = (message.attachments ?? []).filter((a) => ATTACHMENT_KINDS[a.type] && a.payload?.url);
    if (files.length === 0) {
      if (!message.text) return [];
      return [{ ...base, externalId: message.mid, mediaType: 'conversation', body: message.text }];
    }
    const limit = await this.deps.downloadLimitBytes();
    const out: InboundMessage[] = [];
    for (const [i, file] of files.entries()) {
      const externalId = i === 0 ? message.mid : `${message.mid}:${i}`;
      const body = i === 0 ? (message.text ?? '') : '';
      try {
        // Attachment URLs are signed CDN links: fetched without the token.
        const data = await this.graph.download(file.payload!.url!, limit, false);
        out.push({ ...base, externalId, mediaType: ATTACHMENT_KINDS[file.type], body, media: data });
      } catch (err) {
        if (!(err instanceof MediaTooLarge)) throw err;
        out.push({ ...base, externalId, mediaType: 'conversation', body: tooLargeText(err.limitBytes, undefined, body) });
      }
    }
    return out;
  }

  private async nameOf(senderId: string): Promise<string> {
    const known = this.names.get(senderId);
    if (known) return known;
    const name = await this.graph
      .get<{ name?: string; username?: string }>(senderId, { fields: this.connection.channel === 'instagram' ? 'name,username' : 'name' })
      .then((p) => p.name || p.username || senderId)
      .catch((err) => {
        this.deps.log.info({ err, connectionId: this.connection.id }, 'meta: sender profile not available');
        return senderId;
      });
    this.names.set(senderId, name);
    return name;
  }
}

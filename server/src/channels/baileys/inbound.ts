import type { WAMessage, WAMessageUpdate } from 'baileys';
import { isJidBroadcast, isJidNewsletter, isJidStatusBroadcast } from 'baileys';
import type { Logger } from 'pino';
import type { ConnectionRow } from '../../db/schema';
import type { InboundMessage, ProviderEvents } from '../types';
import { meaningOf } from './content';
import { isGroupJid, type PhoneNumbers, userOf } from './jids';
import { downloadWithin, type MediaDownloader, tooLargeText } from './media';
import type { BaileysSocket } from './socket';

export interface InboundContext {
  connection: ConnectionRow;
  events: ProviderEvents;
  numbers: PhoneNumbers;
  download: MediaDownloader;
  downloadLimitBytes(): Promise<number>;
  logger: Logger;
  socket(): BaileysSocket | null;
  /** The group's subject, for the name of its contact. */
  groupName(jid: string): Promise<string>;
}

/** Baileys' message status (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5) as the contract's ACK. */
export function ackOf(status: number | null | undefined): number | null {
  if (status == null || status < 1) return null;
  return Math.min(status - 1, 4);
}

const seconds = (ts: unknown): number | null => {
  if (ts == null) return null;
  const n = typeof ts === 'number' ? ts : (ts as { toNumber(): number }).toNumber();
  return Number.isFinite(n) && n > 0 ? n : null;
};

export function timestampOf(msg: WAMessage): Date | null {
  const s = seconds(msg.messageTimestamp);
  return s ? new Date(s * 1000) : null;
}

/** Chats the product has no conversation for: status stories, broadcast lists, channels. */
function outOfScope(jid: string): boolean {
  return isJidStatusBroadcast(jid) || isJidBroadcast(jid) || Boolean(isJidNewsletter(jid));
}

/**
 * One WhatsApp message into the product: a new message (text, media downloaded within the limit,
 * location, contacts, reaction, list or button reply) through the inbound pipeline, or an edit or a
 * deletion of an earlier one. The pipeline drops a message it already has, so a message delivered
 * live, again offline and again by the history is stored once.
 */
/** `historical`: an old message brought in by an import, stored but answered by no automation. */
export async function ingestMessage(ctx: InboundContext, msg: WAMessage, options: { historical?: boolean } = {}): Promise<void> {
  const key = msg.key;
  const remoteJid = key.remoteJid;
  if (!remoteJid || !key.id || outOfScope(remoteJid)) return;
  const meaning = meaningOf(msg);
  const connectionId = ctx.connection.id;
  if (meaning.type === 'ignore') return;
  if (meaning.type === 'edit')
    return void (await ctx.events.onEdit?.({ connectionId, externalId: meaning.externalId, body: meaning.body }));
  if (meaning.type === 'delete') return void (await ctx.events.onDelete?.({ connectionId, externalId: meaning.externalId }));

  const isGroup = isGroupJid(remoteJid);
  const from = isGroup ? userOf(remoteJid) : await ctx.numbers.numberOf(remoteJid, key.remoteJidAlt);
  const participant = isGroup && key.participant ? await ctx.numbers.numberOf(key.participant, key.participantAlt) : undefined;
  const fromMe = Boolean(key.fromMe);
  // A group's contact is the group, named by its subject; a person by the name they chose.
  const name = isGroup ? await ctx.groupName(remoteJid) : fromMe ? from : msg.pushName || from;

  let body = meaning.body;
  let media: InboundMessage['media'];
  let mediaType = meaning.mediaType;
  if (meaning.media) {
    const limit = await ctx.downloadLimitBytes();
    const sock = ctx.socket();
    const outcome = sock
      ? await downloadWithin(() => ctx.download(msg, sock, ctx.logger), meaning.media, limit).catch((err) => {
          ctx.logger.warn({ err, externalId: key.id }, 'media download failed');
          return null;
        })
      : null;
    if (outcome && 'media' in outcome) media = outcome.media;
    else {
      // Too large, or not downloadable: the conversation says so instead of showing nothing.
      body = outcome ? tooLargeText(meaning.media, outcome.tooLarge, limit) : `${body ? `${body}\n` : ''}(arquivo não disponível)`;
      mediaType = 'conversation';
    }
  }
  const timestamp = timestampOf(msg);
  await ctx.events.onInbound({
    connectionId,
    externalId: key.id,
    from,
    name,
    isGroup,
    ...(participant ? { participant } : {}),
    mediaType,
    body,
    ...(media ? { media } : {}),
    ...(meaning.quotedExternalId ? { quotedExternalId: meaning.quotedExternalId } : {}),
    ...(meaning.dataJson !== undefined ? { dataJson: meaning.dataJson } : {}),
    ...(timestamp ? { timestamp } : {}),
    fromMe,
    ack: fromMe ? (ackOf(msg.status) ?? 1) : 0,
    ...(options.historical ? { historical: true } : {}),
  });
}

/** Status changes of messages the company sent become acks (a late ack for an unknown id is dropped). */
export async function applyStatusUpdates(ctx: InboundContext, updates: WAMessageUpdate[]): Promise<void> {
  for (const { key, update } of updates) {
    const ack = ackOf(update.status);
    if (!key.id || !key.fromMe || ack == null) continue;
    await ctx.events.onAck({ connectionId: ctx.connection.id, externalId: key.id, ack });
  }
}

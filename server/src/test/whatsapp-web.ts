// A fake WhatsApp Web for the Baileys provider's suites: a socket factory whose sockets are
// EventEmitters fed with payloads shaped as Baileys' own events (src/Types/Events.ts), recording
// what the provider asks of them. No network: nothing here opens a connection.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { AnyMessageContent, BaileysEventMap, MiscMessageGenerationOptions, WAMessage, WAMessageKey } from 'baileys';
import { processHistoryMessage, proto } from 'baileys';
import type { BaileysSocket, MediaDownloader, SocketFactory } from '../channels/baileys';
import type { SocketOptions } from '../channels/baileys/socket';

export interface SentCall {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
}

export class FakeSocket implements BaileysSocket {
  readonly ev = new EventEmitter();
  user: { id: string; lid?: string } | undefined;
  sent: SentCall[] = [];
  read: WAMessageKey[] = [];
  rejected: { callId: string; from: string }[] = [];
  pairingRequests: string[] = [];
  ended = false;
  loggedOut = false;
  /** Closed (close() was called): sends fail as on Baileys' closed socket. */
  closed = false;

  constructor(
    private readonly world: FakeWhatsApp,
    readonly options: SocketOptions,
  ) {}

  /** Emits a Baileys event as the real socket would. */
  emit<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]) {
    this.ev.emit(event, payload);
  }

  showQr(qr = `2@${randomBytes(12).toString('base64')}`) {
    this.emit('connection.update', { qr, connection: 'connecting' });
    return qr;
  }

  /** The phone scanned the code: Baileys stores the login (creds and keys), then opens. */
  async pair(number: string) {
    await this.options.auth.keys.set({ 'pre-key': { '1': { public: Buffer.from('pub-1'), private: Buffer.from('priv-1') } } });
    const me = { id: `${number}:7@s.whatsapp.net`, name: 'Loja' };
    this.emit('creds.update', { me, registered: true });
    this.open(number);
  }

  open(number: string) {
    this.user = { id: `${number}:7@s.whatsapp.net` };
    this.emit('connection.update', { connection: 'open' });
  }

  /** Closes as Baileys does: a Boom error whose output.statusCode is a DisconnectReason. */
  close(statusCode: number) {
    this.closed = true;
    const error = Object.assign(new Error('Connection Closed'), { output: { statusCode } });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    if (this.closed) throw Object.assign(new Error('Connection Closed'), { output: { statusCode: 428 } });
    this.sent.push({ jid, content, options });
    const id = options?.messageId ?? `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
    return { key: { remoteJid: jid, id, fromMe: true }, message: { conversation: 'text' in content ? content.text : '' } };
  }

  async readMessages(keys: WAMessageKey[]) {
    this.read.push(...keys);
  }

  async profilePictureUrl(jid: string) {
    return this.world.pictures.get(jid);
  }

  async onWhatsApp(...numbers: string[]) {
    return numbers.map((n) => ({ jid: `${n}@s.whatsapp.net`, exists: !this.world.notOnWhatsApp.has(n) }));
  }

  async requestPairingCode(phoneNumber: string) {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD1234';
  }

  async groupMetadata(jid: string) {
    const subject = this.world.groups.get(jid);
    if (!subject) throw new Error('item-not-found');
    return { subject };
  }

  async rejectCall(callId: string, from: string) {
    this.rejected.push({ callId, from });
  }

  async logout() {
    this.loggedOut = true;
  }

  end() {
    this.ended = true;
  }
}

/** The world the sockets live in: numbers not on WhatsApp, profile pictures, media files by message id. */
export class FakeWhatsApp {
  sockets: FakeSocket[] = [];
  notOnWhatsApp = new Set<string>();
  pictures = new Map<string, string>();
  media = new Map<string, Buffer>();
  groups = new Map<string, string>();

  readonly makeSocket: SocketFactory = (options) => {
    const socket = new FakeSocket(this, options);
    this.sockets.push(socket);
    return socket;
  };

  readonly download: MediaDownloader = async (msg) => {
    const bytes = this.media.get(msg.key.id ?? '');
    if (!bytes) throw new Error('media not found');
    return Readable.from([bytes]);
  };

  get last(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket was made');
    return socket;
  }
}

let sequence = 0;
/** A message id as WhatsApp's phones make them. */
export const waId = () => `3A${(Date.now() + sequence++).toString(16).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** A received message as messages.upsert carries it (proto.IWebMessageInfo with Baileys 7's key fields). */
export function received(
  from: string,
  message: WAMessage['message'],
  extra: Partial<WAMessage> & { key?: Partial<WAMessageKey> } = {},
): WAMessage {
  const { key, ...rest } = extra;
  return {
    key: { remoteJid: from.includes('@') ? from : `${from}@s.whatsapp.net`, fromMe: false, id: waId(), ...key },
    message,
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: 'Cliente',
    ...rest,
  } as WAMessage;
}

/**
 * A history chunk as Baileys emits it on messaging-history.set: the phone's HistorySync protobuf is
 * built, encoded and decoded, then read by Baileys' own processHistoryMessage, so timestamps are
 * Longs and chats, contacts and messages are shaped exactly as a real delivery's.
 */
export function historySync(
  messages: WAMessage[],
  options: { progress?: number; syncType?: proto.HistorySync.HistorySyncType } = {},
): BaileysEventMap['messaging-history.set'] {
  const byChat = new Map<string, WAMessage[]>();
  for (const m of messages) {
    const jid = m.key.remoteJid as string;
    byChat.set(jid, [...(byChat.get(jid) ?? []), m]);
  }
  const sync = proto.HistorySync.create({
    syncType: options.syncType ?? proto.HistorySync.HistorySyncType.RECENT,
    progress: options.progress ?? 100,
    conversations: [...byChat].map(([id, list]) => ({ id, messages: list.map((message) => ({ message })) })),
  });
  const decoded = proto.HistorySync.decode(proto.HistorySync.encode(sync).finish());
  return processHistoryMessage(decoded) as BaileysEventMap['messaging-history.set'];
}

/** A message sent on a given day (UTC noon), as history carries old messages. */
export const sentOn = (from: string, text: string, day: string, extra: Partial<WAMessage> = {}) =>
  received(from, { conversation: text }, { messageTimestamp: Date.parse(`${day}T12:00:00Z`) / 1000, ...extra });

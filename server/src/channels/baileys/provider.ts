import type { DownReason } from '@chatflow/contract';
import type { WAMessage, WAMessageKey } from 'baileys';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { ConnectionRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type ChannelProvider, type OutboundPayload, type ProviderEvents, SendRefused, type SendResult } from '../types';
import { type DbAuthState, deleteAuthState, loadAuthState } from './auth-state';
import { type CallPolicy, refuseCalls } from './calls';
import { downReasonFor, reasonOf, reconnectDelayMs, type Stop, stopFor } from './disconnects';
import { ingestHistory } from './history';
import { HistoryImport, importRangeOf } from './history-import';
import { applyStatusUpdates, type InboundContext, ingestMessage, timestampOf } from './inbound';
import { isGroupNumber, jidOf, lidsTold, PhoneNumbers, userOf } from './jids';
import type { MediaDownloader } from './media';
import { messageContent, messageIdFor } from './outbound';
import { LastMessageClock } from './last-message';
import { PhoneBook } from './phone-book';
import type { BaileysSocket, SocketFactory } from './socket';

export interface BaileysDeps {
  db: Db;
  log: FastifyBaseLogger;
  makeSocket: SocketFactory;
  download: MediaDownloader;
  /** The global downloadLimit setting, in bytes. */
  downloadLimitBytes(): Promise<number>;
  /** The company's call settings: refuse calls (acceptCallWhatsapp disabled) and what to answer. */
  callPolicy(companyId: number): Promise<CallPolicy>;
  /** The wait before reconnection attempt n (0 first); reconnectDelayMs (backoff with jitter) unless a test says. */
  reconnectDelay?(attempt: number): number;
}

/** How long a pairing code request waits for the socket to reach WhatsApp (its first QR). */
const PAIRING_WAIT_MS = 30_000;

/**
 * WhatsApp Web through Baileys (provider 'beta'): one socket per connection, its login kept in
 * PostgreSQL so any node resumes it without a QR code. Reports OPENING, then qrcode (a QR to scan) or
 * PAIRING (a code typed on the phone), CONNECTED once open, TIMEOUT while a dropped connection is
 * retried with backoff and jitter (by itself, without a new QR), DISCONNECTED when stopped, given up
 * or logged out (the login is then forgotten); a session down by itself says why (`reason`). Events
 * are handled one at a time, in order; `settled()` waits for those under way.
 */
export class BaileysProvider implements ChannelProvider {
  private sock: BaileysSocket | null = null;
  private auth: DbAuthState | null = null;
  private numbers: PhoneNumbers | null = null;
  private stopped = false;
  private attempt = 0;
  /** Reconnecting a session that was working: it stays TIMEOUT (not OPENING) until it is back. */
  private reconnecting = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pairing = false;
  private qrSeen: (() => void) | null = null;
  private hadQr = false;
  private work: Promise<void> = Promise.resolve();
  private readonly lastMessage: LastMessageClock;
  /** LIDs whose number was told (each once in this process, not again on every reconnection). */
  private readonly lidsTold = lidsTold();
  /** Recent sends, for Baileys to encrypt again when a recipient's device asks (retry receipts). */
  private sent = new LRUCache<string, NonNullable<WAMessage['message']>>({ max: 200 });
  private sends = new LRUCache<string, Promise<SendResult>>({ max: 1000 });
  private onWhatsApp = new LRUCache<string, string | false>({ max: 1000, ttl: 6 * 60 * 60_000 });
  private readonly logger: Logger;
  /** The import of the phone's old messages in the connection's range (reported to the company live). */
  private readonly historyImport: HistoryImport;

  constructor(
    private readonly connection: ConnectionRow,
    private readonly events: ProviderEvents,
    private readonly deps: BaileysDeps,
  ) {
    // Baileys logs every frame at debug: keep its warnings and errors only.
    this.logger = deps.log.child({ connectionId: connection.id }, { level: 'warn' }) as unknown as Logger;
    this.lastMessage = new LastMessageClock(deps.db, connection.id);
    this.historyImport = new HistoryImport(importRangeOf(connection), async (progress) => events.onImport?.(progress));
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.attempt = 0;
    this.reconnecting = false;
    await this.open();
  }

  running(): boolean {
    return !this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearReconnect();
    const sock = this.sock;
    this.sock = null;
    sock?.end(undefined);
    await this.settled();
    await this.lastMessage.write(true);
    await this.events.onStatus('DISCONNECTED');
  }

  /** Logs the phone out (the session is forgotten; the next start shows a new QR code). */
  async logout(): Promise<void> {
    const sock = this.sock;
    await sock?.logout().catch((err) => this.deps.log.warn({ err, connectionId: this.connection.id }, 'logout failed'));
    await this.forget(null);
  }

  /** Waits until every event received so far has been handled. */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.work;
      await current;
    } while (current !== this.work);
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    if (!this.sock || this.stopped) await this.start();
    if (this.auth?.state.creds.registered) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    // The code can be asked for once the socket is talking to WhatsApp, which its first QR shows.
    if (!this.hadQr) {
      let timer: NodeJS.Timeout | undefined;
      const reached = await Promise.race([
        new Promise<boolean>((resolve) => (this.qrSeen = () => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PAIRING_WAIT_MS))),
      ]);
      clearTimeout(timer);
      this.qrSeen = null;
      if (!reached) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    }
    this.pairing = true;
    const code = await this.sock!.requestPairingCode(phoneNumber.replace(/\D/g, ''));
    // Reported on the event chain, after the QR code's own report still being written: PAIRING is the last word.
    const reported = this.work.then(() => this.events.onStatus('PAIRING'));
    this.work = reported.catch(() => {});
    await reported;
    return code;
  }

  /**
   * Sends once per idempotency key in this process: a second attempt at the same message (its own
   * job, the sweep of a reconnect, a retry) while the first is under way or after it succeeded gets
   * the first one's result instead of a second message. Another node never sends for this session
   * (the lease), so this covers every attempt.
   */
  async send(payload: OutboundPayload, options: { idempotencyKey: string }): Promise<SendResult> {
    const known = this.sends.get(options.idempotencyKey);
    if (known) return known;
    const attempt = this.sendNow(payload, options);
    this.sends.set(options.idempotencyKey, attempt);
    // A failed attempt may be tried again.
    attempt.catch(() => this.sends.get(options.idempotencyKey) === attempt && this.sends.delete(options.idempotencyKey));
    return attempt;
  }

  private async sendNow(payload: OutboundPayload, options: { idempotencyKey: string }): Promise<SendResult> {
    const sock = this.connected();
    const jid = await this.recipient(sock, payload.to);
    const messageId = messageIdFor(this.connection.id, options.idempotencyKey);
    const quotedId = 'quotedExternalId' in payload ? payload.quotedExternalId : undefined;
    // Quoting needs only the quoted message's id; WhatsApp shows the original from the recipient's copy.
    const quoted = quotedId ? ({ key: { remoteJid: jid, id: quotedId }, message: { conversation: '' } } as WAMessage) : undefined;
    const sent = await sock.sendMessage(jid, messageContent(payload), { messageId, ...(quoted ? { quoted } : {}) });
    if (sent?.message) this.sent.set(sent.key.id ?? messageId, sent.message);
    return { externalId: sent?.key.id ?? messageId };
  }

  async edit(externalId: string, to: string, body: string): Promise<void> {
    const sock = this.connected();
    const jid = jidOf(to);
    await sock.sendMessage(jid, { text: body, edit: { remoteJid: jid, id: externalId, fromMe: true } });
  }

  async delete(externalId: string, to: string): Promise<void> {
    const sock = this.connected();
    const jid = jidOf(to);
    await sock.sendMessage(jid, { delete: { remoteJid: jid, id: externalId, fromMe: true } });
  }

  async markRead(externalIds: string[], from: string): Promise<void> {
    const jid = jidOf(from);
    await this.connected().readMessages(externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
  }

  async profilePicture(number: string): Promise<string | null> {
    // No picture, or one the contact keeps private, is an error from WhatsApp: both mean none.
    return (
      (await this.connected()
        .profilePictureUrl(jidOf(number), 'image')
        .catch(() => undefined)) ?? null
    );
  }

  // ---- the socket's life

  private async open(): Promise<void> {
    this.clearReconnect();
    this.auth = await loadAuthState(this.deps.db, this.connection);
    // A LID's number learned (a mapping, a message's alternate id, the phone book): its contact becomes the number's.
    this.numbers = new PhoneNumbers(
      this.auth.state.keys,
      async (lid, number) => {
        await this.events.onNumberLearned?.({ connectionId: this.connection.id, alias: lid, number }).catch((err) => {
          this.deps.log.error({ err, connectionId: this.connection.id }, 'contact of a LID not merged into its number');
        });
      },
      this.lidsTold,
    );
    const phoneBook = new PhoneBook(this.deps.db, this.connection.id, this.numbers);
    await this.lastMessage.load();
    this.hadQr = false;
    this.pairing = false;
    if (!this.reconnecting) await this.events.onStatus('OPENING');
    const sock = this.deps.makeSocket({
      auth: this.auth.state,
      logger: this.logger,
      getMessage: async (key: WAMessageKey) => (key.id ? this.sent.get(key.id) : undefined),
      // An import range asks the phone for its whole history at pairing, not only the recent part.
      fullHistory: this.historyImport.wanted !== null,
    });
    this.sock = sock;
    const auth = this.auth;
    // Every handler runs in order on one chain; a handler's failure is logged, never stops the chain.
    const queue = (what: string, fn: () => Promise<void>) => {
      this.work = this.work.then(async () => {
        if (this.sock !== sock) return; // a closed socket's late events
        await fn().catch((err) => this.deps.log.error({ err, connectionId: this.connection.id }, `baileys ${what} failed`));
      });
    };
    sock.ev.on('creds.update', (update) => {
      Object.assign(auth.state.creds, update);
      queue('creds.update', () => auth.saveCreds());
    });
    sock.ev.on('connection.update', (update) => queue('connection.update', () => this.onConnectionUpdate(update)));
    sock.ev.on('messages.upsert', ({ messages }) => queue('messages.upsert', () => this.ingestAll(messages)));
    sock.ev.on('messaging-history.set', ({ messages, lidPnMappings, contacts, chats, progress }) =>
      queue('messaging-history.set', async () => {
        for (const { lid, pn } of lidPnMappings ?? []) await this.numbers?.remember(userOf(lid), userOf(pn));
        await phoneBook.contacts(contacts ?? []);
        await phoneBook.chats(chats ?? []);
        this.lastMessage.seen(await ingestHistory(this.inboundContext(), messages, this.historyImport, this.lastMessage.at));
        await this.lastMessage.write(false);
        // The phone numbers its chunks in percent: 100 is the last one.
        if (progress === 100) await this.historyImport.finished();
      }),
    );
    // Baileys says when the phone's history is complete, or stalled (no chunk for two minutes): the import ends.
    sock.ev.on('messaging-history.status', () => queue('messaging-history.status', () => this.historyImport.finished()));
    sock.ev.on('contacts.upsert', (contacts) => queue('contacts.upsert', () => phoneBook.contacts(contacts)));
    sock.ev.on('contacts.update', (contacts) => queue('contacts.update', () => phoneBook.contacts(contacts)));
    sock.ev.on('chats.upsert', (chats) => queue('chats.upsert', () => phoneBook.chats(chats)));
    sock.ev.on('lid-mapping.update', ({ lid, pn }) => queue('lid-mapping.update', () => this.numbers!.remember(userOf(lid), userOf(pn))));
    sock.ev.on('messages.update', (updates) => queue('messages.update', () => applyStatusUpdates(this.inboundContext(), updates)));
    const callPolicy = () => this.deps.callPolicy(this.connection.companyId);
    sock.ev.on('call', (calls) => queue('call', () => refuseCalls(calls, callPolicy, () => this.sock)));
  }

  private async onConnectionUpdate(update: Partial<import('baileys').ConnectionState>): Promise<void> {
    if (update.qr) {
      this.hadQr = true;
      this.qrSeen?.();
      this.qrSeen = null;
      // While a pairing code is being typed, the QR codes Baileys keeps making are not shown.
      if (!this.pairing) await this.events.onStatus('qrcode', { qrcode: update.qr });
    }
    if (update.connection === 'open') {
      this.attempt = 0;
      this.reconnecting = false;
      const me = this.sock?.user?.id;
      await this.events.onStatus('CONNECTED', me ? { number: userOf(me) } : {});
    }
    if (update.connection === 'close') await this.onClose(reasonOf(update.lastDisconnect?.error));
  }

  private async onClose(reason: number | null): Promise<void> {
    if (this.stopped) return;
    const sock = this.sock;
    this.sock = null;
    sock?.end(undefined);
    const registered = Boolean(this.auth?.state.creds.registered);
    const what: Stop = stopFor(reason, registered);
    const down = downReasonFor(reason, registered);
    this.deps.log.info({ connectionId: this.connection.id, reason, what }, 'whatsapp web connection closed');
    if (what === 'logged-out') return this.forget(down);
    if (what === 'give-up') {
      this.stopped = true;
      this.reconnecting = false;
      await this.events.onStatus('DISCONNECTED', { reason: down });
      return;
    }
    if (what === 'restart') return this.schedule(0);
    // A session that was working is being retried: TIMEOUT (and why) until it is back.
    if (registered) {
      if (!this.reconnecting) await this.events.onStatus('TIMEOUT', { reason: down });
      this.reconnecting = true;
    }
    this.schedule(this.delay(this.attempt++));
  }

  private delay(attempt: number): number {
    return this.deps.reconnectDelay ? this.deps.reconnectDelay(attempt) : reconnectDelayMs(attempt);
  }

  private schedule(delayMs: number) {
    this.clearReconnect();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopped) return;
      this.work = this.work.then(() =>
        this.open().catch((err) => {
          this.deps.log.error({ err, connectionId: this.connection.id }, 'whatsapp web reconnection failed');
          this.schedule(this.delay(this.attempt++));
        }),
      );
    }, delayMs);
  }

  private clearReconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Logged out (or the login is unusable): the stored login is deleted and the connection waits for a new QR. */
  private async forget(reason: DownReason | null): Promise<void> {
    this.stopped = true;
    this.reconnecting = false;
    this.clearReconnect();
    const sock = this.sock;
    this.sock = null;
    sock?.end(undefined);
    await deleteAuthState(this.deps.db, this.connection.id);
    this.lastMessage.reset();
    await this.events.onStatus('DISCONNECTED', reason ? { reason } : {});
  }

  // ---- what arrives

  private inboundContext(): InboundContext {
    return {
      connection: this.connection,
      events: this.events,
      numbers: this.numbers!,
      download: this.deps.download,
      downloadLimitBytes: this.deps.downloadLimitBytes,
      logger: this.logger,
      socket: () => this.sock,
      groupName: (jid) => this.groupName(jid),
    };
  }

  private groupNames = new LRUCache<string, string>({ max: 500, ttl: 60 * 60_000 });

  /** A group's subject, asked once an hour at most; the group's id when WhatsApp does not say. */
  private async groupName(jid: string): Promise<string> {
    const known = this.groupNames.get(jid);
    if (known) return known;
    const subject = (await this.sock?.groupMetadata(jid).catch(() => null))?.subject || userOf(jid);
    this.groupNames.set(jid, subject);
    return subject;
  }

  private async ingestAll(messages: WAMessage[]): Promise<void> {
    const ctx = this.inboundContext();
    for (const msg of messages) {
      if (msg.key.id && this.sent.has(msg.key.id)) continue; // our own send, echoed
      await ingestMessage(ctx, msg);
      this.lastMessage.seen(timestampOf(msg));
    }
    await this.lastMessage.write(false);
  }

  // ---- sending

  private connected(): BaileysSocket {
    if (!this.sock || this.stopped) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    return this.sock;
  }

  /** Whether a number is on WhatsApp (a contact added or edited): the session's onWhatsApp, remembered as a send's is. */
  async isOnWhatsApp(number: string): Promise<boolean> {
    try {
      await this.recipient(this.connected(), number);
      return true;
    } catch (err) {
      if (err instanceof SendRefused) return false;
      throw err;
    }
  }

  /** The jid to send to; a number that is not on WhatsApp is ERR_WAPP_INVALID_CONTACT. */
  private async recipient(sock: BaileysSocket, to: string): Promise<string> {
    if (to.includes('@') || isGroupNumber(to)) return jidOf(to);
    const number = to.replace(/\D/g, '');
    // A contact first seen by its LID keeps it as its number: it is addressed as the LID it is.
    if (await this.numbers?.isKnownLid(number)) return `${number}@lid`;
    let jid = this.onWhatsApp.get(number);
    if (jid === undefined) {
      const [found] =
        (await sock.onWhatsApp(number).catch(() => {
          throw new AppError('ERR_WAPP_CHECK_CONTACT', 400);
        })) ?? [];
      jid = found?.exists ? found.jid : false;
      this.onWhatsApp.set(number, jid);
    }
    if (!jid) throw new SendRefused('ERR_WAPP_INVALID_CONTACT', 400);
    return jid;
  }
}

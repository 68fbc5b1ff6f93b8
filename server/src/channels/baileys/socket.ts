import type {
  AnyMessageContent,
  AuthenticationState,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
  WASocket,
} from 'baileys';
import { Browsers, makeCacheableSignalKeyStore, makeWASocket } from 'baileys';
import type { Logger } from 'pino';

/**
 * The part of Baileys' socket the provider uses. Tests hand the provider a fake with the same
 * shape (an EventEmitter as `ev`), so every path runs without a network.
 */
export interface BaileysSocket {
  ev: { on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): unknown };
  user?: { id: string; lid?: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image'): Promise<string | undefined>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): unknown;
  /** A group's metadata (its subject names the group's contact). */
  groupMetadata(jid: string): Promise<{ subject: string }>;
  /** Asks the phone to upload a media file again when its link expired (used by the download). */
  updateMediaMessage?: WASocket['updateMediaMessage'];
}

export interface SocketOptions {
  auth: AuthenticationState;
  logger: Logger;
  /** An outbound message Baileys must encrypt again for a device that could not read it. */
  getMessage(key: WAMessageKey): Promise<NonNullable<WAMessage['message']> | undefined>;
  /** Ask the phone for its whole history at pairing (an import of old messages), not only the recent part. */
  fullHistory?: boolean;
}

/** Builds one socket per (re)connection; the product's is Baileys' own, tests pass a fake. */
export type SocketFactory = (options: SocketOptions) => BaileysSocket;

/**
 * Baileys' socket as the product runs it: keys read through a small in-memory cache (every message
 * reads several), our own sends not echoed back as inbound, and history limited to what the phone
 * offers by default unless the connection has an import range (then the whole history is asked for).
 */
export const baileysSocket: SocketFactory = ({ auth, logger, getMessage, fullHistory = false }) =>
  makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    logger,
    browser: Browsers.ubuntu('Chat-flow'),
    markOnlineOnConnect: false,
    emitOwnEvents: false,
    syncFullHistory: fullHistory,
    // Baileys skips the FULL part of the history unless told otherwise; an import needs it.
    ...(fullHistory ? { shouldSyncHistoryMessage: () => true } : {}),
    getMessage,
  }) as unknown as BaileysSocket;

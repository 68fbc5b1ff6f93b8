import type { ConnectionStatus, DownReason } from '@chatflow/contract';
import { AppError } from '../http/errors';

/**
 * The one provider interface (ARCHITECTURE "Channels and the message pipeline"). Providers: simulator
 * (built in), baileys, cloud-api, meta. A provider instance serves one connection.
 */
export type OutboundPayload =
  | { kind: 'text'; to: string; body: string; quotedExternalId?: string }
  | {
      kind: 'media';
      to: string;
      mediaType: 'image' | 'video' | 'audio' | 'document';
      filePath: string;
      fileName: string;
      mimeType: string;
      caption?: string;
      quotedExternalId?: string;
      /** Audio only: deliver as a voice note recorded on the spot (a flow's audio block with `record`). */
      voiceNote?: boolean;
    }
  | { kind: 'contact'; to: string; vcard: string; displayName: string }
  | { kind: 'location'; to: string; latitude: number; longitude: number; description?: string }
  | { kind: 'interactive'; to: string; body: string; dataJson: unknown };

export interface SendResult {
  externalId: string;
}

/** What providers report; the inbound pipeline and the ack handler consume these. */
export interface InboundMessage {
  connectionId: number;
  externalId: string;
  from: string;
  name: string;
  isGroup?: boolean;
  participant?: string;
  /** A MESSAGE_KINDS value (contract): conversation, image, audio, locationMessage, contactMessage, … */
  mediaType: string;
  body: string;
  media?: { data: Buffer; mimeType: string; fileName?: string };
  quotedExternalId?: string;
  dataJson?: unknown;
  timestamp?: Date;
  fromMe?: boolean;
  /** The message's state as the provider reports it (ACK in the contract); 0 when unknown. */
  ack?: number;
  /** An old message brought in by an import of the phone's history: stored, never answered by automation. */
  historical?: boolean;
}

/** What the pipeline did with an inbound message (the simulator's HTTP face answers with it). */
export type InboundResult =
  | { status: 'stored'; messageId: number; ticketId: number; contactId: number }
  | { status: 'duplicate' }
  /** Dropped by the rules: a group message on a connection without groups, a blocked contact's message. */
  | { status: 'ignored' };

export interface AckUpdate {
  connectionId: number;
  externalId: string;
  ack: number;
  /**
   * The idempotency key the message was sent with, when the provider kept it: an ack that arrives
   * before the send job has stored the external id still finds its message through it.
   */
  idempotencyKey?: string | null;
}
export interface EditUpdate {
  connectionId: number;
  externalId: string;
  body: string;
}
export interface DeleteUpdate {
  connectionId: number;
  externalId: string;
}

/**
 * How an import of the phone's old messages goes (WhatsApp Web, spec 2 §4 "Import progress"):
 * preparing when the first old messages arrive, a count as they are stored, finished when the
 * phone says its history is complete.
 */
export type ImportProgress = { stage: 'preparing' } | { stage: 'importing'; done: number; total: number; at: Date } | { stage: 'finished' };

/**
 * A customer first known by an alias (a WhatsApp Web LID, a Cloud API business-scoped user id) whose
 * phone number is now known: the contact kept under the alias becomes the number's contact.
 */
export interface NumberLearned {
  connectionId: number;
  alias: string;
  number: string;
}

export interface ProviderEvents {
  /** `reason`: why a session went down by itself (TIMEOUT, DISCONNECTED); none when someone stopped it. */
  onStatus(status: ConnectionStatus, extra?: { qrcode?: string; number?: string; reason?: DownReason }): Promise<void>;
  onInbound(message: InboundMessage): Promise<InboundResult>;
  /** Resolves false when no message has that external id (yet): a provider may report it again later. */
  onAck(update: AckUpdate): Promise<boolean>;
  /** onAck for many acks reported together (one statement for the lot); per update, whether its message is known. */
  onAcks(updates: AckUpdate[]): Promise<boolean[]>;
  onEdit?(update: EditUpdate): Promise<void>;
  onDelete?(update: DeleteUpdate): Promise<void>;
  onImport?(progress: ImportProgress): Promise<void>;
  onNumberLearned?(learned: NumberLearned): Promise<void>;
}

export interface ChannelProvider {
  start(): Promise<void>;
  /** False once the session stopped by itself (gave up, logged out): a start brings it back. Absent: always running. */
  running?(): boolean;
  stop(): Promise<void>;
  /** `idempotencyKey` lets a provider return the earlier result when a job is retried after a crash. */
  send(payload: OutboundPayload, options: { idempotencyKey: string }): Promise<SendResult>;
  edit?(externalId: string, to: string, body: string): Promise<void>;
  delete?(externalId: string, to: string): Promise<void>;
  markRead?(externalIds: string[], from: string): Promise<void>;
  profilePicture?(number: string): Promise<string | null>;
  /** Whether a number (digits) is on WhatsApp: contact lists mark their items with it. */
  checkNumber?(number: string): Promise<boolean>;
  /**
   * WhatsApp Web: whether one number a person typed is on WhatsApp (a contact added or edited), asked of
   * the live session. Not for bulk checks: a session asking thousands of numbers risks the account.
   */
  isOnWhatsApp?(number: string): Promise<boolean>;
  /** WhatsApp Web: the code to type on the phone instead of scanning the QR (the session then reports PAIRING). */
  requestPairingCode?(phoneNumber: string): Promise<string>;
  /** Ends the login on the phone and forgets the stored session (the next start needs a new QR). */
  logout?(): Promise<void>;
}

/** Finds (or starts) the provider of a connection. Implemented in channels/registry.ts. */
export interface ChannelRegistry {
  /** Whether this build can run connections of that provider (`simulator`, `beta`, …). */
  supports(provider: string): boolean;
  providerFor(connectionId: number): Promise<ChannelProvider>;
  start(connectionId: number): Promise<void>;
  stop(connectionId: number): Promise<void>;
  /** Starts the session if needed and asks its provider for a pairing code (ERR_PAIRING_CODE_UNSUPPORTED when it has none). */
  requestPairingCode(connectionId: number, phoneNumber: string, options?: { here?: boolean }): Promise<string>;
}

/**
 * A send the network refused for good (not on WhatsApp, outside the customer window, an invalid
 * parameter): trying again cannot help, so the message is marked failed with this code at once.
 * Anything else a provider throws (rate limits, 5xx, the network) is worth retrying.
 */
export class SendRefused extends AppError {}

/**
 * The connection's live session runs on another node (`holder`, its lease): what needs the session
 * (a send) is done by a job on that node's queue.
 */
export class SessionElsewhere extends AppError {
  constructor(readonly holder: string) {
    super('ERR_WAPP_NOT_INITIALIZED', 400);
  }
}

/** What the registry reports of each provider's traffic (the node's metrics count it), by provider key. */
export interface ChannelTraffic {
  inbound(provider: string): void;
  outbound(provider: string): void;
}

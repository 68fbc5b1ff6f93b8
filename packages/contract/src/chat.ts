/** Message acknowledgements (ARCHITECTURE "Decisions"): 3 and 4 show as read. */
export const ACK = { pending: 0, sent: 1, delivered: 2, read: 3, played: 4, playedAlt: 5 } as const;

/** Message kinds the conversation renders (spec 1 §2.6); `conversation` and `extendedTextMessage` are text. */
export const MESSAGE_KINDS = [
  'conversation', 'extendedTextMessage', 'chat', 'image', 'audio', 'video', 'application', 'document', 'call_log',
  'locationMessage', 'contactMessage', 'adMetaPreview', 'viewOnceMessage', 'interactiveMessage', 'listMessage',
  'pollCreationMessageV3', 'eventMessage', 'reactionMessage', 'sticker',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Editing is allowed only on one's own messages within 15 minutes (spec 1 §4.2). */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000;
export const FORWARD_PAUSE_MS = 900;
export const MIN_RECORDING_BYTES = 10_000;

export interface MessageView {
  id: number;
  ticketId: number;
  companyId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  ack: number;
  isPrivate: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  queueId: number | null;
  userId: number | null;
  participant: string | null;
  dataJson: unknown;
  contact: { id: number; name: string; urlPicture: string } | null;
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string; mediaUrl: string | null; contact: { name: string } | null } | null;
  ticket: { id: number; uuid: string; queueId: number | null; userId: number | null; whatsappId: number | null };
  createdAt: string;
  updatedAt: string;
}

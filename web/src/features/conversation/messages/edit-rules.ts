import { MESSAGE_EDIT_WINDOW_MS, type MessageView } from '@chatflow/contract';

/** Own messages: sent from the system by this agent (spec 1 §4.2: edit and delete own only). */
export const isOwnMessage = (m: Pick<MessageView, 'fromMe' | 'userId'>, userId: number) => m.fromMe && m.userId === userId;

/** Editable: own, not deleted, text, and in the first 15 minutes (900000 ms). */
export function canEditMessage(m: MessageView, userId: number, now = Date.now()): boolean {
  if (!isOwnMessage(m, userId) || m.isDeleted || m.mediaUrl) return false;
  return now - new Date(m.createdAt).getTime() <= MESSAGE_EDIT_WINDOW_MS;
}

export const canDeleteMessage = (m: MessageView, userId: number) => isOwnMessage(m, userId) && !m.isDeleted;

/** Transcription is offered on audio the contact sent. */
export const canTranscribe = (m: MessageView) => !m.fromMe && !m.isDeleted && !!m.mediaUrl && m.mediaType === 'audio';

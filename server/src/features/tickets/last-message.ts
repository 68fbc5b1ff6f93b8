import type { LastMessageMedia } from '@chatflow/contract';

/** The message kinds a list shows as what they are, by the view's name for them. */
const MEDIA_KINDS: Record<string, LastMessageMedia['type']> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  document: 'document',
  sticker: 'sticker',
  locationMessage: 'location',
  contactMessage: 'contact',
};

/** The view's lastMessageMedia of a ticket's preview columns: null when its newest message is text. */
export function lastMessageMediaOf(t: { lastMessageType: string; lastMessageMediaName: string | null; lastMessageSeconds: number | null }) {
  const type = MEDIA_KINDS[t.lastMessageType];
  return type ? { type, name: t.lastMessageMediaName, seconds: t.lastMessageSeconds } : null;
}

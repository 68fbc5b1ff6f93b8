import type { MessageView } from '@chatflow/contract';

/** How a message is drawn. Unknown media types fall back to text, so nothing a customer sends is lost. */
export type RenderKind =
  | 'text'
  | 'image'
  | 'sticker'
  | 'audio'
  | 'video'
  | 'document'
  | 'callLog'
  | 'location'
  | 'vcard'
  | 'adPreview'
  | 'viewOnce'
  | 'interactive'
  | 'list'
  | 'poll'
  | 'event'
  | 'reaction'
  | 'pix';

const BY_MEDIA_TYPE: Record<string, RenderKind> = {
  image: 'image',
  sticker: 'sticker',
  audio: 'audio',
  ptt: 'audio',
  video: 'video',
  application: 'document',
  document: 'document',
  call_log: 'callLog',
  locationMessage: 'location',
  location: 'location',
  contactMessage: 'vcard',
  vcard: 'vcard',
  adMetaPreview: 'adPreview',
  viewOnceMessage: 'viewOnce',
  interactiveMessage: 'interactive',
  listMessage: 'list',
  pollCreationMessageV3: 'poll',
  eventMessage: 'event',
  reactionMessage: 'reaction',
};

export function renderKind(m: Pick<MessageView, 'mediaType' | 'body' | 'mediaUrl'>): RenderKind {
  // The PIX marker wins over the interactive media type it travels in (spec 1 §2.6).
  if (m.body.startsWith('[PIX]')) return 'pix';
  const kind = BY_MEDIA_TYPE[m.mediaType];
  if (kind && (!['image', 'sticker', 'audio', 'video', 'document'].includes(kind) || m.mediaUrl)) return kind;
  // A media type with no file behind it (not downloaded) still shows its caption.
  return 'text';
}

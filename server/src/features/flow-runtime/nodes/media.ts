import type { BotFile } from '../../messages';
import { asText } from '../text';

const MEDIA_TYPES = { img: 'image', image: 'image', audio: 'audio', video: 'video' } as const;

/**
 * The file a media node or block sends: `url` (or the block's `value`) is the stored media's URL as
 * the flow builder's upload returned it (/public/...). Null when the node has no file (an empty card).
 */
export function mediaFile(kind: keyof typeof MEDIA_TYPES, url: unknown, name?: unknown): BotFile | null {
  const mediaUrl = asText(url).trim();
  if (!mediaUrl) return null;
  const mediaName = asText(name).trim() || mediaUrl.split('/').pop() || mediaUrl;
  return { mediaType: MEDIA_TYPES[kind], mediaUrl, mediaName };
}

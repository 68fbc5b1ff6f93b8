import path from 'node:path';
import type { InboundMessage } from '../../channels/types';
import type { Config } from '../../config';
import { companyFolder, displayName, mediaStorage, oggOpusSeconds, sniffFileType, TEXT_TYPES, textMimeOf } from '../../media';

/** A received file in the media storage, and how the conversation shows it. */
export interface StoredMedia {
  /** Removes the file again (a duplicate, or a transaction that failed). */
  remove(): Promise<void>;
  /** Public path: /public/company{id}/media/<random>.<ext> */
  mediaUrl: string;
  /** The sender's file name, for display only. */
  mediaName: string;
  /** The message kind the content turned out to be (image, audio, video, sticker, application). */
  mediaType: string;
  /** The name the sender gave the file, if any (the ticket's preview shows no stored name). */
  senderName: string | null;
  /** An audio's length in seconds, when its bytes tell (Ogg/Opus voice notes). */
  seconds: number | null;
}

function textExtension(media: NonNullable<InboundMessage['media']>): string {
  const byName = path
    .extname(media.fileName ?? '')
    .slice(1)
    .toLowerCase();
  if (textMimeOf(byName)) return byName;
  const byType = Object.entries(TEXT_TYPES).find(([, mime]) => mime === media.mimeType.toLowerCase());
  return byType?.[0] ?? 'bin';
}

/**
 * The kind comes from the bytes, never from what the sender declared: an "image" that is a PDF is
 * stored and shown as a document. Two declarations survive when the bytes agree: a voice note whose
 * container sniffs as video (webm) stays audio, and a sticker stays a sticker.
 */
function kindOf(declared: string, sniffedMime: string | undefined): string {
  const family = sniffedMime?.split('/')[0];
  if (declared === 'audio' && (family === 'audio' || sniffedMime === 'video/webm')) return 'audio';
  if (declared === 'sticker' && family === 'image') return 'sticker';
  if (family === 'image' || family === 'audio' || family === 'video') return family;
  return 'application';
}

/**
 * Stores a received file in the company's media folder with a random name and the extension of its
 * sniffed type (content a browser would run is kept as .txt, see media/). Called before the
 * transaction; `discardMedia` removes the file when the message turns out to be a duplicate or the
 * transaction fails.
 */
export async function storeInboundMedia(
  files: Pick<Config, 'dataDir' | 'storage'>,
  companyId: number,
  msg: InboundMessage,
): Promise<StoredMedia | null> {
  const media = msg.media;
  if (!media) return null;
  const sniffed = media.data.length > 0 ? await sniffFileType(media.data) : undefined;
  const ext = sniffed?.ext ?? textExtension(media);
  const storage = mediaStorage(files);
  const folder = companyFolder(companyId, 'media');
  const { url } = await storage.put(folder, media.data, ext);
  const kind = kindOf(msg.mediaType, sniffed?.mime);
  return {
    remove: () => storage.remove(url, folder),
    mediaUrl: url,
    mediaName: displayName(media.fileName, path.posix.basename(url)),
    mediaType: kind,
    senderName: displayName(media.fileName, '') || null,
    seconds: kind === 'audio' ? oggOpusSeconds(media.data) : null,
  };
}

export async function discardMedia(media: StoredMedia | null): Promise<void> {
  if (media) await media.remove();
}

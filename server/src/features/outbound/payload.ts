import { open } from 'node:fs/promises';
import path from 'node:path';
import type { OutboundPayload } from '../../channels/types';
import type { Config } from '../../config';
import type { MessageRow } from '../../db/schema';
import { mediaStorage, sniffFileType, textMimeOf } from '../../media';

const MEDIA_KINDS: Record<string, 'image' | 'video' | 'audio' | 'document'> = {
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  application: 'document',
};
const INTERACTIVE_KINDS = ['listMessage', 'interactiveMessage', 'buttonsMessage', 'templateMessage'];

/**
 * A local file with the bytes behind a /public/... media URL (the stored file, or a cached copy of the
 * bucket's object), or null when the URL points anywhere else or the file is gone.
 */
export async function publicFilePath(files: Pick<Config, 'dataDir' | 'storage'>, mediaUrl: string): Promise<string | null> {
  const storage = mediaStorage(files);
  const key = storage.keyOf(mediaUrl);
  return key ? storage.localFile(key) : null;
}

/** The file's type from its first bytes (the stored name's extension is ours, but the bytes decide). */
async function mimeOf(filePath: string): Promise<string | null> {
  const handle = await open(filePath, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) return null;
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const sniffed = await sniffFileType(head.subarray(0, bytesRead));
    return sniffed?.mime ?? textMimeOf(path.extname(filePath).slice(1).toLowerCase()) ?? 'application/octet-stream';
  } finally {
    await handle.close();
  }
}

/** The place of a locationMessage body ("image|https://maps…?q=lat%2Clng…|description"). */
function locationOf(body: string): { latitude: number; longitude: number; description?: string } | null {
  const [, link = '', description] = body.split('|');
  const m = /[?&]q=(-?\d+(?:\.\d+)?)(?:%2C|,)(-?\d+(?:\.\d+)?)/i.exec(link);
  if (!m) return null;
  return { latitude: Number(m[1]), longitude: Number(m[2]), ...(description ? { description } : {}) };
}

/**
 * What a provider is asked to send for a stored message: a file (media kinds with a stored file), a
 * vCard, a location, an interactive message (dataJson), else text. A media message whose file is
 * missing is sent as its text rather than not at all.
 */
export async function outboundPayload(
  message: Pick<MessageRow, 'mediaType' | 'mediaUrl' | 'mediaName' | 'body' | 'dataJson'>,
  to: string,
  files: Pick<Config, 'dataDir' | 'storage'>,
  quotedExternalId: string | null,
): Promise<OutboundPayload> {
  const quoted = quotedExternalId ? { quotedExternalId } : {};
  const mediaType = MEDIA_KINDS[message.mediaType];
  const filePath = mediaType && message.mediaUrl ? await publicFilePath(files, message.mediaUrl) : null;
  const mimeType = mediaType && filePath ? await mimeOf(filePath) : null;
  if (mediaType && filePath && mimeType) {
    const fileName = message.mediaName || path.basename(filePath);
    const caption = message.body.trim() && message.body !== fileName ? message.body : undefined;
    const voiceNote = mediaType === 'audio' && (message.dataJson as { voiceNote?: unknown } | null)?.voiceNote === true;
    return {
      kind: 'media',
      to,
      mediaType,
      filePath,
      fileName,
      mimeType,
      ...(caption ? { caption } : {}),
      ...(voiceNote ? { voiceNote } : {}),
      ...quoted,
    };
  }
  if (message.mediaType === 'contactMessage') {
    const displayName = /^FN[^:]*:(.*)$/m.exec(message.body)?.[1]?.trim() || to;
    return { kind: 'contact', to, vcard: message.body, displayName };
  }
  if (message.mediaType === 'locationMessage') {
    const place = locationOf(message.body);
    if (place) return { kind: 'location', to, ...place };
  }
  if (INTERACTIVE_KINDS.includes(message.mediaType) && message.dataJson != null) {
    return { kind: 'interactive', to, body: message.body, dataJson: message.dataJson };
  }
  return { kind: 'text', to, body: message.body, ...quoted };
}

import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InboundMessage } from '../../channels/types';
import { sniffFileType } from '../../http/uploads';

/** A received file written under DATA_DIR/public, and how the conversation shows it. */
export interface StoredMedia {
  filePath: string;
  /** Public path: /public/company{id}/media/<random>.<ext> */
  mediaUrl: string;
  /** The sender's file name, for display only. */
  mediaName: string;
  /** The message kind the content turned out to be (image, audio, video, sticker, application). */
  mediaType: string;
}

/** Content with no magic number is kept only as these plain-text kinds, chosen by the declared name or type. */
const TEXT_KINDS: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', vcf: 'text/vcard', json: 'application/json' };

const UNSAFE_NAME_CHARS = '<>:"/\\|?*';

/** A display name only (no control or path characters): the stored name is always random. */
export function displayName(name: string | undefined, fallback: string): string {
  const base = [...path.basename(String(name ?? ''))]
    .filter((ch) => ch.charCodeAt(0) >= 32 && !UNSAFE_NAME_CHARS.includes(ch))
    .join('')
    .trim();
  return base.slice(0, 200) || fallback;
}

function textExtension(media: NonNullable<InboundMessage['media']>): string {
  const byName = path
    .extname(media.fileName ?? '')
    .slice(1)
    .toLowerCase();
  if (byName in TEXT_KINDS) return byName;
  const byType = Object.entries(TEXT_KINDS).find(([, mime]) => mime === media.mimeType.toLowerCase());
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
 * Writes a received file under DATA_DIR/public/company{id}/media with a random name and the
 * extension of its sniffed type. Called before the transaction; `discardMedia` removes the file when
 * the message turns out to be a duplicate or the transaction fails.
 */
export async function storeInboundMedia(dataDir: string, companyId: number, msg: InboundMessage): Promise<StoredMedia | null> {
  const media = msg.media;
  if (!media) return null;
  const sniffed = media.data.length > 0 ? await sniffFileType(media.data) : undefined;
  const ext = sniffed?.ext ?? textExtension(media);
  const stored = `${randomBytes(16).toString('hex')}.${ext}`;
  const relative = path.posix.join(`company${companyId}`, 'media', stored);
  const filePath = path.join(dataDir, 'public', relative);
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, media.data);
  return {
    filePath,
    mediaUrl: `/public/${relative}`,
    mediaName: displayName(media.fileName, stored),
    mediaType: kindOf(msg.mediaType, sniffed?.mime),
  };
}

export async function discardMedia(media: StoredMedia | null): Promise<void> {
  if (media) await rm(media.filePath, { force: true });
}

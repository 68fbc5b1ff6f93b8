import type { Readable } from 'node:stream';
import type { WAMessage } from 'baileys';
import { downloadMediaMessage } from 'baileys';
import type { Logger } from 'pino';
import type { InboundMessage } from '../types';
import type { MediaPart } from './content';
import type { BaileysSocket } from './socket';

/** Opens the decrypted stream of a message's media (Baileys' download; tests pass their own bytes). */
export type MediaDownloader = (msg: WAMessage, sock: BaileysSocket, logger: Logger) => Promise<Readable>;

export const baileysDownload: MediaDownloader = (msg, sock, logger) =>
  downloadMediaMessage(
    msg,
    'stream',
    {},
    {
      logger,
      // An expired link is asked of the phone again.
      reuploadRequest: (m) => (sock.updateMediaMessage ? sock.updateMediaMessage(m) : Promise.resolve(m)),
    },
  );

export type MediaOutcome = { media: NonNullable<InboundMessage['media']> } | { tooLarge: number | null };

/**
 * Reads a message's file, never more than `limitBytes`: a file declared larger is not fetched at all,
 * and a stream that runs past the limit is cut. Either way the caller stores a message saying so.
 */
export async function downloadWithin(open: () => Promise<Readable>, part: MediaPart, limitBytes: number): Promise<MediaOutcome> {
  if (part.declaredBytes != null && part.declaredBytes > limitBytes) return { tooLarge: part.declaredBytes };
  const stream = await open();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > limitBytes) {
      stream.destroy();
      return { tooLarge: part.declaredBytes };
    }
    chunks.push(chunk as Buffer);
  }
  return { media: { data: Buffer.concat(chunks), mimeType: part.mimeType, ...(part.fileName ? { fileName: part.fileName } : {}) } };
}

const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

/** The text stored instead of a file over the download limit (Portuguese, as the product's messages are). */
export function tooLargeText(part: MediaPart, sizeBytes: number | null, limitBytes: number): string {
  const name = part.fileName ? ` "${part.fileName}"` : '';
  const size = sizeBytes != null ? ` de ${mb(sizeBytes)} MB` : '';
  return `Arquivo${name}${size} não baixado: maior que o limite de ${mb(limitBytes)} MB.`;
}

import { randomBytes } from 'node:crypto';
import { parseDataUrl, parseLatLng, SIMULATOR_MAX_FILE_BYTES, type SimulatorInboundData } from '@chatflow/contract';
import type { InboundMessage } from '../../channels/types';
import { AppError } from '../../http/errors';

/** What a provider would say the message is (contract MESSAGE_KINDS); media kinds are settled by the pipeline's sniffing. */
const KIND: Record<SimulatorInboundData['type'], string> = {
  text: 'conversation',
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
  location: 'locationMessage',
  contact: 'contactMessage',
};

export const generatedExternalId = () => `SIMIN${randomBytes(10).toString('hex').toUpperCase()}`;

function decodeMedia(input: SimulatorInboundData): InboundMessage['media'] {
  const fromUrl = input.mediaUrl ? parseDataUrl(input.mediaUrl) : null;
  const base64 = fromUrl?.base64 ?? input.file;
  if (base64 === undefined) return undefined;
  const data = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  if (data.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
  if (data.length > SIMULATOR_MAX_FILE_BYTES) throw new AppError('ERR_FILE_TOO_LARGE', 413);
  return {
    data,
    mimeType: fromUrl?.mimeType ?? input.mimeType ?? 'application/octet-stream',
    ...(input.fileName ? { fileName: input.fileName } : {}),
  };
}

/** A maps link in the pipe format the conversation renders: "image|link|description" (no thumbnail here). */
function locationBody(input: SimulatorInboundData): string {
  const place = parseLatLng(input.body);
  if (!place) throw new AppError('ERR_VALIDATION', 400);
  const link = `https://maps.google.com/maps?q=${place.latitude}%2C${place.longitude}&z=17&hl=pt-BR`;
  return `|${link}|${(input.description ?? '').replace(/\|/g, ' ').trim()}`;
}

/**
 * The simulated customer's message, normalized the way a provider reports one. The schema has
 * validated the shape; decoding may still refuse an empty or oversized file. The customer's own
 * messages are "sent" (one tick) as far as their phone knows.
 */
export function toInboundMessage(input: SimulatorInboundData): Omit<InboundMessage, 'connectionId'> & { externalId: string } {
  const media = decodeMedia(input);
  const body = input.type === 'location' ? locationBody(input) : input.body;
  return {
    externalId: input.id ?? generatedExternalId(),
    from: input.from,
    name: input.name,
    mediaType: KIND[input.type],
    body,
    ...(media ? { media } : {}),
    ...(input.quotedId ? { quotedExternalId: input.quotedId } : {}),
    ack: 1,
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { convertWithFfmpeg } from '../../media';
import { type ClassifiedFile, classifyFile, isRecording, type UploadedFile } from './media';

/**
 * WhatsApp plays a voice note only as Ogg/Opus. Chromium records WebM/Opus and Safari MP4/AAC, so a
 * browser recording is rewritten as Ogg/Opus before it is stored: WebM's Opus packets are copied into
 * an Ogg container (no re-encoding), anything else is encoded to mono Opus at 32 kbit/s, which is what
 * WhatsApp's own voice notes use. When the conversion fails the recording goes as it came, an audio file
 * the customer can still play (the spec's fallback for browsers that cannot record a voice note).
 */
export async function asVoiceNote(
  file: UploadedFile,
  type: ClassifiedFile,
  deps: { config: Config; log: FastifyBaseLogger },
): Promise<{ file: UploadedFile; type: ClassifiedFile }> {
  if (!isRecording(file) || type.ext === 'ogg' || type.ext === 'opus') return { file, type };
  const codec = type.ext === 'webm' ? ['-c:a', 'copy'] : ['-c:a', 'libopus', '-b:a', '32k', '-ac', '1'];
  try {
    const ogg = await convertWithFfmpeg(deps.config.ffmpegPath, file.data, type.ext, ['-vn', ...codec, '-f', 'ogg'], 'ogg');
    const name = file.fileName.replace(/\.[^.]+$/, '.ogg');
    return { file: { fileName: name, data: ogg }, type: { mime: 'audio/ogg', ext: 'ogg', mediaType: 'audio' } };
  } catch (err) {
    deps.log.warn({ err, ext: type.ext }, 'a recording could not be made a voice note; it is sent as an audio file');
    return { file, type };
  }
}

/** What a send does with each uploaded file: its type from its bytes, and recordings made voice notes. */
export async function prepareUpload(file: UploadedFile, deps: { config: Config; log: FastifyBaseLogger }) {
  return asVoiceNote(file, await classifyFile(file), deps);
}

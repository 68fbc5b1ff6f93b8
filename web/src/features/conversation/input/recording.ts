import { MIN_RECORDING_BYTES } from '@chatflow/contract';

/** Recordings under 10000 bytes are discarded (spec 1 §4.2): a tap on the mic, not a message. */
export const isRecordingKept = (size: number) => size >= MIN_RECORDING_BYTES;

/** The container the browser can record in, preferring ogg/opus (what WhatsApp plays natively). */
export function recordingMimeType(isSupported: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t)): string {
  return ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((t) => isSupported(t)) ?? '';
}

/** The server recognises a browser recording by its name: audio-<time>.<ext>. */
export function recordingFileName(mime: string, now = new Date()): string {
  const ext = mime.includes('ogg') ? 'ogg' : mime.includes('mp4') ? 'm4a' : 'webm';
  return `audio-record-${now.getTime()}.${ext}`;
}

/** mm:ss of the recording timer. */
export const formatElapsed = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

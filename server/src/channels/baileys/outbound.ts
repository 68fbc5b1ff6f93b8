import { createHash } from 'node:crypto';
import type { InteractiveMessageData, ListMessageData } from '@chatflow/contract';
import type { AnyMessageContent } from 'baileys';
import type { OutboundPayload } from '../types';

/**
 * The message id a send goes out with, derived from its idempotency key: a send retried after a
 * crash reuses the id, and WhatsApp shows the message once. The 3EB0 prefix is the one WhatsApp
 * Web's own ids carry.
 */
export function messageIdFor(connectionId: number, idempotencyKey: string): string {
  return `3EB0${createHash('sha256').update(`${connectionId}:${idempotencyKey}`).digest('hex').slice(0, 18).toUpperCase()}`;
}

const isList = (data: unknown): data is ListMessageData => Boolean(data && typeof data === 'object' && 'sections' in data);
const isInteractive = (data: unknown): data is InteractiveMessageData =>
  Boolean(data && typeof data === 'object' && 'buttons' in data && Array.isArray((data as InteractiveMessageData).buttons));

/**
 * WhatsApp Web no longer delivers lists and buttons from an unofficial client (Baileys 7 dropped
 * them), so an interactive message goes as text that carries the same choices: the list's rows
 * numbered, each button with what it holds (the code to copy, the number, the link).
 */
export function interactiveText(body: string, data: unknown): string {
  const lines: string[] = [];
  if (isList(data)) {
    if (data.title) lines.push(`*${data.title}*`);
    lines.push(data.description || body);
    let n = 1;
    for (const section of data.sections) {
      if (section.title) lines.push('', `*${section.title}*`);
      for (const row of section.rows) lines.push(`${n++}. ${row.title}${row.description ? ` - ${row.description}` : ''}`);
    }
    if (data.footerText) lines.push('', `_${data.footerText}_`);
    return lines.join('\n');
  }
  if (isInteractive(data)) {
    if (data.header?.title) lines.push(`*${data.header.title}*`);
    lines.push(data.body?.text || body);
    for (const b of data.buttons) {
      const value = b.copy_code ?? b.phoneNumber ?? b.url ?? '';
      lines.push(`${b.display_text}${value ? `: ${value}` : ''}`);
    }
    if (data.footer?.text) lines.push('', `_${data.footer.text}_`);
    return lines.join('\n');
  }
  return body;
}

/** Baileys' content for each payload the inbox sends; media is streamed from the stored file. */
export function messageContent(payload: OutboundPayload): AnyMessageContent {
  switch (payload.kind) {
    case 'text':
      return { text: payload.body };
    case 'media': {
      const file = { url: payload.filePath };
      const caption = payload.caption || undefined;
      if (payload.mediaType === 'image') return { image: file, caption, mimetype: payload.mimeType };
      if (payload.mediaType === 'video') return { video: file, caption, mimetype: payload.mimeType };
      // Recorded voice notes (ogg/opus) play as voice notes; other audio files as audio files.
      if (payload.mediaType === 'audio')
        return { audio: file, mimetype: payload.mimeType, ptt: payload.voiceNote || /ogg|opus/.test(payload.mimeType) };
      return { document: file, mimetype: payload.mimeType, fileName: payload.fileName, caption };
    }
    case 'contact':
      return { contacts: { displayName: payload.displayName, contacts: [{ displayName: payload.displayName, vcard: payload.vcard }] } };
    case 'location':
      return {
        location: {
          degreesLatitude: payload.latitude,
          degreesLongitude: payload.longitude,
          ...(payload.description ? { name: payload.description } : {}),
        },
      };
    case 'interactive':
      return { text: interactiveText(payload.body, payload.dataJson) };
  }
}

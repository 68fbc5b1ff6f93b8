import type { OutboundPayload } from '../types';

/**
 * Messenger / Instagram Send API bodies (POST /me/messages with the page token). Only text and
 * files exist there: a location, contact card or interactive message is sent as its text.
 */
export const recipient = (to: string) => ({ recipient: { id: to }, messaging_type: 'RESPONSE' });

/** Messenger attachment types: anything that is not image, video or audio goes as a file. */
export const attachmentType = (mediaType: string) => (['image', 'video', 'audio'].includes(mediaType) ? mediaType : 'file');

export function textOf(payload: Exclude<OutboundPayload, { kind: 'media' }>): string {
  switch (payload.kind) {
    case 'text':
    case 'interactive':
      return payload.body;
    case 'contact':
      return `${payload.displayName}\n${[...payload.vcard.matchAll(/^TEL[^:]*:(.+)$/gm)].map((m) => m[1].trim()).join('\n')}`;
    case 'location':
      return [payload.description, `https://maps.google.com/maps?q=${payload.latitude}%2C${payload.longitude}`].filter(Boolean).join('\n');
  }
}

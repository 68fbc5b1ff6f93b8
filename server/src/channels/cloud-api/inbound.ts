import type { InboundMessage } from '../types';
import type { CloudMessage } from './webhook';

/** The media types a Cloud API message may carry, and the kind the pipeline files each as. */
const MEDIA_KINDS = { image: 'image', video: 'video', audio: 'audio', document: 'document', sticker: 'sticker' } as const;
type MediaKey = keyof typeof MEDIA_KINDS;

/** The media a message refers to (Graph media id), or null for a message without a file. */
export function mediaRefOf(message: CloudMessage): { key: MediaKey; id: string; mimeType?: string; fileName?: string } | null {
  const key = (Object.keys(MEDIA_KINDS) as MediaKey[]).find((k) => k === message.type && message[k]);
  if (!key) return null;
  const ref = message[key]!;
  return { key, id: ref.id, mimeType: ref.mime_type, fileName: ref.filename };
}

/** A maps link in the pipe format the conversation renders: "image|link|description" (no thumbnail). */
function locationBody(loc: NonNullable<CloudMessage['location']>): string {
  const link = `https://maps.google.com/maps?q=${loc.latitude}%2C${loc.longitude}&z=17&hl=pt-BR`;
  const description = [loc.name, loc.address].filter(Boolean).join(' - ').replace(/\|/g, ' ');
  return `|${link}|${description}`;
}

function vcardOf(contact: NonNullable<CloudMessage['contacts']>[number]): string {
  const name = contact.name.formatted_name.replace(/[\r\n;]/g, ' ');
  const phones = (contact.phones ?? []).map((p) => {
    const digits = (p.wa_id ?? p.phone ?? '').replace(/\D/g, '');
    return `TEL;type=CELL;waid=${digits}:+${digits}`;
  });
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, ...phones, 'END:VCARD'].join('\n');
}

type Content = Pick<InboundMessage, 'mediaType' | 'body'> & Partial<Pick<InboundMessage, 'quotedExternalId' | 'dataJson'>>;

/** What the message says, in the product's kinds; null for a type the product does not file (logged by the caller). */
export function contentOf(message: CloudMessage): Content | null {
  const caption = message.image?.caption ?? message.video?.caption ?? message.document?.caption;
  const ref = mediaRefOf(message);
  if (ref) return { mediaType: MEDIA_KINDS[ref.key], body: caption ?? ref.fileName ?? '' };
  switch (message.type) {
    case 'text':
      return message.text ? { mediaType: 'conversation', body: message.text.body } : null;
    case 'location':
      return message.location ? { mediaType: 'locationMessage', body: locationBody(message.location) } : null;
    case 'contacts': {
      const first = message.contacts?.[0];
      return first ? { mediaType: 'contactMessage', body: vcardOf(first) } : null;
    }
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return reply
        ? { mediaType: 'conversation', body: reply.title, dataJson: { interactiveReply: { id: reply.id, title: reply.title } } }
        : null;
    }
    case 'button':
      return message.button ? { mediaType: 'conversation', body: message.button.text, dataJson: { buttonReply: message.button } } : null;
    case 'reaction':
      if (!message.reaction) return null;
      return {
        mediaType: 'reactionMessage',
        body: message.reaction.emoji ?? '',
        quotedExternalId: message.reaction.message_id,
        dataJson: { reactionMessage: { text: message.reaction.emoji ?? '', key: { id: message.reaction.message_id } } },
      };
    default:
      return null;
  }
}

import type { MessageView } from '@chatflow/contract';
import { logUnreadable, safeUrl } from './data-json';
import { renderKind } from './message-kind';
import { type AdPreviewBody, type LocationBody, parseAdPreview, parseLocation } from './pipe';
import {
  type EventContent,
  type InteractiveContent,
  type ListContent,
  type PixContent,
  type PollContent,
  parseEvent,
  parseInteractive,
  parseList,
  parsePix,
  parsePoll,
  parseReaction,
} from './special';
import { parseVCard, type VCardContact } from './vcard';

/** A message made ready to draw: its kind and what that kind needs, parsed once. */
export type Content =
  | { kind: 'text' | 'viewOnce'; text: string }
  | { kind: 'image' | 'sticker' | 'video' | 'audio' | 'document'; src: string; caption: string; name: string | null }
  | { kind: 'callLog'; at: string }
  | { kind: 'location'; location: LocationBody }
  | { kind: 'vcard'; contact: VCardContact }
  | { kind: 'adPreview'; ad: AdPreviewBody }
  | { kind: 'interactive'; content: InteractiveContent }
  | { kind: 'list'; list: ListContent }
  | { kind: 'poll'; poll: PollContent }
  | { kind: 'event'; event: EventContent }
  | { kind: 'reaction'; emoji: string }
  | { kind: 'pix'; pix: PixContent; actions: InteractiveContent | null };

/** A caption is shown unless it only repeats the file name, as providers often do. */
const captionOf = (body: string, mediaName: string | null) => (body && body !== mediaName ? body : '');

function parsed<T>(kind: Content['kind'], m: MessageView, value: T | null, wrap: (v: T) => Content): Content | null {
  if (value) return wrap(value);
  // Spec 1 §8: an unreadable payload is logged and nothing is shown.
  logUnreadable(kind, m.id);
  return null;
}

export function resolveContent(m: MessageView): Content | null {
  const kind = renderKind(m);
  switch (kind) {
    case 'image':
    case 'sticker':
    case 'video':
    case 'audio':
    case 'document': {
      const src = safeUrl(m.mediaUrl);
      return src ? { kind, src, caption: captionOf(m.body, m.mediaName), name: m.mediaName } : { kind: 'text', text: m.body };
    }
    case 'callLog':
      return { kind, at: m.createdAt };
    case 'location':
      return parsed(kind, m, parseLocation(m.body), (location) => ({ kind, location }));
    case 'vcard':
      return parsed(kind, m, parseVCard(m.body), (contact) => ({ kind, contact }));
    case 'adPreview':
      return parsed(kind, m, parseAdPreview(m.body), (ad) => ({ kind, ad }));
    case 'interactive':
      return parsed(kind, m, parseInteractive(m.dataJson), (content) => ({ kind, content }));
    case 'list':
      return parsed(kind, m, parseList(m.dataJson), (list) => ({ kind, list }));
    case 'poll':
      return parsed(kind, m, parsePoll(m.dataJson), (poll) => ({ kind, poll }));
    case 'event':
      return parsed(kind, m, parseEvent(m.dataJson), (event) => ({ kind, event }));
    case 'pix':
      // The charge's own buttons (copy the PIX key) travel with it in the same payload.
      return parsed(kind, m, parsePix(m.dataJson), (pix) => ({ kind, pix, actions: parseInteractive(m.dataJson) }));
    case 'reaction':
      return { kind, emoji: parseReaction(m.dataJson, m.body) };
    case 'viewOnce':
      return { kind, text: m.body };
    default:
      return { kind: 'text', text: m.body };
  }
}

/** A loosely typed JSON object read from a message's dataJson. */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** dataJson arrives as an object or as the JSON text providers store; anything else reads as null. */
export function readJson(raw: unknown): Json | null {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The part of dataJson named `kind`: providers store either the whole WhatsApp message
 * (`{ message: { listMessage: … } }`), the inner message (`{ listMessage: … }`) or the part itself.
 */
export function findPart(raw: unknown, kind: string): Json | null {
  const data = readJson(raw);
  if (!data) return null;
  const message = isObject(data.message) ? data.message : null;
  if (message && isObject(message[kind])) return message[kind] as Json;
  if (isObject(data[kind])) return data[kind] as Json;
  return data;
}

/** Only web links become anchors; any other scheme (javascript:, data:) stays plain text. */
export function safeUrl(value: unknown): string | null {
  const text = str(value).trim();
  if (!text) return null;
  try {
    const url = new URL(text, window.location.origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return text.startsWith('/') && !text.startsWith('//') ? text : url.href;
  } catch {
    return null;
  }
}

/** Logs an unreadable payload once per render path; the message then shows nothing (spec 1 §8). */
export function logUnreadable(kind: string, id: number) {
  console.warn(`conversation: unreadable ${kind} payload in message ${id}`);
}

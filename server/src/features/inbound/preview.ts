/** Longest ticket preview kept (the list shows one line). */
const PREVIEW_MAX = 1000;

/**
 * The ticket list's preview line for a received message: its text, else what it is. A vCard shows
 * the contact's name and a location its description; a file without a caption shows its name.
 */
export function inboundPreview(kind: string, body: string, mediaName: string | null): string {
  let text = body;
  if (kind === 'contactMessage') text = /^FN[^:]*:(.*)$/m.exec(body)?.[1]?.trim() || '👤';
  else if (kind === 'locationMessage') text = `📍 ${body.split('|')[2] ?? ''}`;
  return (text.trim() || mediaName || '').slice(0, PREVIEW_MAX);
}

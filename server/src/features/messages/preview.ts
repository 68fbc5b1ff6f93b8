/** Longest ticket preview kept (the list shows one line). */
const PREVIEW_MAX = 1000;

/** The ticket columns a message sets as the list's preview (tickets.last_message*). */
export interface PreviewColumns {
  lastMessage: string;
  lastMessageType: string;
  lastMessageMediaName: string | null;
  lastMessageSeconds: number | null;
}

/**
 * The preview text of a message: its text (a file's caption), a vCard's name or a place's description,
 * never a file name: the lists show a file from the kind and name kept beside it ("📷 Foto", "📄 nome.pdf").
 */
export function previewText(kind: string, body: string): string {
  let text = body;
  if (kind === 'contactMessage') text = /^FN[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? '';
  else if (kind === 'locationMessage') text = body.split('|')[2] ?? '';
  return text.trim().slice(0, PREVIEW_MAX);
}

/** Everything a message sets on its ticket's preview: text, kind, the sender's file name and an audio's length. */
export function previewColumns(kind: string, body: string, mediaName: string | null, seconds: number | null = null): PreviewColumns {
  return { lastMessage: previewText(kind, body), lastMessageType: kind, lastMessageMediaName: mediaName, lastMessageSeconds: seconds };
}

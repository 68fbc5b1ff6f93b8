import type { LastMessageMedia } from '@chatflow/contract';
import type { TFunction } from 'i18next';
import { previewOf, truncate, withoutFormatting } from './text';

type MediaType = LastMessageMedia['type'];

/** The word of each kind of file in the language on screen ("Foto", "Áudio"…): made once per list. */
export type MediaWords = Record<MediaType, string>;

const ICONS: Record<MediaType, string> = {
  image: '📷',
  audio: '🎤',
  video: '🎥',
  document: '📄',
  sticker: '🖼️',
  location: '📍',
  contact: '👤',
};

export function mediaWords(t: TFunction): MediaWords {
  return {
    image: t('common.media.image'),
    audio: t('common.media.audio'),
    video: t('common.media.video'),
    document: t('common.media.document'),
    sticker: t('common.media.sticker'),
    location: t('common.media.location'),
    contact: t('common.media.contact'),
  };
}

/** 65 → "1:05". */
export function clockSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A ticket's last message as lists, cards and the live panel show it: text as it is; a file as what it
 * is, the way WhatsApp does ("📷 Foto", or "📷 <caption>"; "🎤 0:05" when the audio's length is known;
 * "📄 nome.pdf", with its caption after it), a place or a contact card with its description or name.
 * Never a stored file name. Cut at `max` characters.
 */
export function lastMessagePreview(text: string, media: LastMessageMedia | null | undefined, words: MediaWords, max: number): string {
  if (!media) return previewOf(text, max);
  const caption = withoutFormatting(text.trim());
  const icon = ICONS[media.type];
  let line: string;
  if (media.type === 'audio') line = media.seconds != null ? clockSeconds(media.seconds) : words.audio;
  else if (media.type === 'document') {
    const name = media.name || words.document;
    line = caption && caption !== media.name ? `${name} · ${caption}` : name;
  } else line = caption || words[media.type];
  return truncate(`${icon} ${line}`, max);
}

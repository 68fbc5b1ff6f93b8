import type { Channel } from '@chatflow/contract';
import type { TFunction } from 'i18next';
import { type MediaWords, mediaWords } from '../../../lib/message-preview';

/** The texts of a ticket row, in the language on screen. */
export interface TicketRowLabels {
  channel: Record<Channel, string>;
  accept: string;
  ignore: string;
  connection: string;
  noQueue: string;
  group: string;
  closed: string;
  unread(count: number): string;
  moreTags(count: number): string;
  rating(rate: number | undefined): string;
  /** The words of the previews of files ("Foto", "Áudio"…). */
  media: MediaWords;
}

/**
 * A count's text, translated once: counts are small numbers that repeat from row to row, and i18next
 * interpolates (regular expressions, new strings) on every call.
 */
function remembered(text: (count: number) => string): (count: number) => string {
  const made = new Map<number, string>();
  return (count) => {
    let value = made.get(count);
    if (value === undefined) {
      value = text(count);
      made.set(count, value);
    }
    return value;
  };
}

/**
 * Made once per language by the list and handed to every row: a row mounts on every step of a fast
 * scroll, and translating the same fixed texts again for each one (or subscribing each row to
 * language changes) was a good part of its cost.
 */
export function ticketRowLabels(t: TFunction): TicketRowLabels {
  return {
    channel: {
      whatsapp: t('tickets.list.channel.whatsapp'),
      whatsappapi: t('tickets.list.channel.whatsappapi'),
      facebook: t('tickets.list.channel.facebook'),
      instagram: t('tickets.list.channel.instagram'),
    },
    accept: t('tickets.list.accept'),
    ignore: t('tickets.list.ignore'),
    connection: t('tickets.list.connection'),
    noQueue: t('tickets.list.noQueue'),
    group: t('tickets.list.group'),
    closed: t('tickets.list.closed'),
    unread: remembered((count) => t('tickets.list.unread', { count })),
    moreTags: remembered((count) => t('tickets.list.moreTags', { count })),
    rating: (rate) => t('tickets.list.rating', { rate }),
    media: mediaWords(t),
  };
}

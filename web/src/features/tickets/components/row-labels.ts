import type { Channel } from '@chatflow/contract';
import type { TFunction } from 'i18next';

/** The texts of a ticket row, in the language on screen. */
export interface TicketRowLabels {
  channel: Record<Channel, string>;
  accept: string;
  ignore: string;
  connection: string;
  noQueue: string;
  group: string;
  unread(count: number): string;
  moreTags(count: number): string;
  rating(rate: number | undefined): string;
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
    unread: (count) => t('tickets.list.unread', { count }),
    moreTags: (count) => t('tickets.list.moreTags', { count }),
    rating: (rate) => t('tickets.list.rating', { rate }),
  };
}

import type { TicketView } from '@chatflow/contract';
import { memo } from 'react';
import { formatShort } from '../../../lib/format';
import { CONTACT_NAME_MAX, LAST_MESSAGE_MAX, ratingEmoji, truncate } from '../display';
import { CHANNEL_COLORS, CHANNEL_GLYPH, GLYPHS } from './row-glyphs';
import type { TicketRowLabels } from './row-labels';
import { ROW } from './ticket-row-styles';
import { TicketTags } from './TicketTags';

export { TICKET_ITEM_HEIGHT } from './ticket-row-styles';

interface Props {
  ticket: TicketView;
  selected: boolean;
  showOwner: boolean;
  canIgnore: boolean;
  busy: boolean;
  /** The row's texts, made once by the list (ticketRowLabels). */
  labels: TicketRowLabels;
  onSelect(ticket: TicketView): void;
  onAccept(ticket: TicketView): void;
  onIgnore(ticket: TicketView): void;
}

function Glyph({ d, title, color }: { d: string; title?: string; color?: string }) {
  return (
    <svg className={ROW.glyph} viewBox="0 0 24 24" style={color ? { color } : undefined} aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined} aria-label={title}>
      {title && <title>{title}</title>}
      <path d={d} />
    </svg>
  );
}

/**
 * One ticket in the list (spec 1 §2.5): queue colour bar, picture with the channel icon, name
 * (60 characters), last message (40), time (HH:mm today, else the date), unread badge, tag line,
 * the rating emoji on resolved tickets, and accept / ignore on waiting ones. Plain elements with
 * the class names of ROW: the list (TicketRowsBox) holds their styles, so mounting a row while
 * the list scrolls does no style work, and with its texts given (labels) no translation work either.
 */
export const TicketListItem = memo(function TicketListItem({ ticket, selected, showOwner, canIgnore, busy, labels, onSelect, onAccept, onIgnore }: Props) {
  const rating = ticket.status === 'closed' ? ratingEmoji(ticket.userRating?.rate) : null;
  const unread = ticket.unreadMessages > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the row holds its own accept and ignore buttons, which a <button> may not contain
    <div className={ROW.row} role="button" tabIndex={0} aria-current={selected ? 'true' : undefined} data-testid="ticket-item" data-ticket-id={ticket.id}
      data-status={ticket.status}
      onClick={() => onSelect(ticket)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onSelect(ticket);
      }}>
      <span className={ROW.bar} data-testid="queue-color" style={ticket.queue ? { backgroundColor: ticket.queue.color } : undefined} />
      <span className={ROW.picture}>
        <span className={ROW.face}>
          {ticket.contact.urlPicture
            ? <img src={ticket.contact.urlPicture} alt={ticket.contact.name} loading="lazy" />
            : ticket.contact.name.trim().charAt(0).toUpperCase()}
        </span>
        <span className={ROW.channel}>
          <Glyph d={GLYPHS[CHANNEL_GLYPH[ticket.channel] ?? 'whatsapp']} color={CHANNEL_COLORS[ticket.channel]}
            title={labels.channel[ticket.channel]} />
        </span>
      </span>
      <div className={ROW.body}>
        <div className={ROW.line}>
          <span className={ROW.name} title={ticket.contact.name} data-unread={unread} data-testid="ticket-contact">
            {truncate(ticket.contact.name, CONTACT_NAME_MAX)}
          </span>
          {rating && (
            <span role="img" aria-label={rating.label} title={labels.rating(ticket.userRating?.rate)} data-testid="ticket-rating">
              {rating.emoji}
            </span>
          )}
          <span className={ROW.time} data-unread={unread} data-testid="ticket-time">{formatShort(ticket.updatedAt)}</span>
        </div>
        <div className={ROW.line}>
          <span className={ROW.preview} data-testid="ticket-last-message">{truncate(ticket.lastMessage, LAST_MESSAGE_MAX)}</span>
          {unread && (
            <span className={ROW.unread} role="img" aria-label={labels.unread(ticket.unreadMessages)} data-testid="ticket-unread">
              {ticket.unreadMessages}
            </span>
          )}
        </div>
        <div className={`${ROW.line} ${ROW.tagLine}`}>
          <TicketTags ticket={ticket} showOwner={showOwner} labels={labels} />
          {ticket.status === 'pending' && (
            <>
              <button type="button" className={ROW.accept} disabled={busy} data-testid="ticket-accept"
                onClick={(e) => {
                  e.stopPropagation();
                  onAccept(ticket);
                }}>
                {labels.accept}
              </button>
              {canIgnore && (
                <button type="button" className={ROW.ignore} disabled={busy} aria-label={labels.ignore} title={labels.ignore}
                  data-testid="ticket-ignore"
                  onClick={(e) => {
                    e.stopPropagation();
                    onIgnore(ticket);
                  }}>
                  <Glyph d={GLYPHS.close} />
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
});

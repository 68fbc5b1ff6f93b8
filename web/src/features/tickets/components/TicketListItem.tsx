import type { TicketView } from '@chatflow/contract';
import { memo } from 'react';
import { lastMessagePreview } from '../../../lib/message-preview';
import { truncate } from '../../../lib/text';
import { CONTACT_NAME_MAX, LAST_MESSAGE_MAX, ratingEmoji } from '../display';
import { GLYPHS } from './row-glyphs';
import type { TicketRowLabels } from './row-labels';
import { rowTime } from './row-time';
import { ROW } from './ticket-row-styles';
import { TicketTags } from './TicketTags';

export { TICKET_ITEM_HEIGHT } from './ticket-row-styles';

export interface TicketListItemProps {
  ticket: TicketView;
  selected: boolean;
  /** Whether this row is the list's one tab stop (use-row-keyboard.ts); the others are reached with the arrow keys. */
  tabStop: boolean;
  showOwner: boolean;
  canIgnore: boolean;
  busy: boolean;
  /** The row's texts, made once by the list (ticketRowLabels). */
  labels: TicketRowLabels;
  onSelect(ticket: TicketView): void;
  onAccept(ticket: TicketView): void;
  onIgnore(ticket: TicketView): void;
}

/** The close glyph of the ignore button (only waiting tickets have one, so it stays an <svg>). */
function CloseGlyph() {
  return (
    <svg className={ROW.glyph} viewBox="0 0 24 24" aria-hidden>
      <path d={GLYPHS.close} />
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
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  tabStop,
  showOwner,
  canIgnore,
  busy,
  labels,
  onSelect,
  onAccept,
  onIgnore,
}: TicketListItemProps) {
  const rating = ticket.status === 'closed' ? ratingEmoji(ticket.userRating?.rate) : null;
  const unread = ticket.unreadMessages > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the row holds its own accept and ignore buttons, which a <button> may not contain
    <div
      className={ROW.row}
      role="button"
      tabIndex={tabStop ? 0 : -1}
      aria-current={selected ? 'true' : undefined}
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      onClick={() => onSelect(ticket)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onSelect(ticket);
      }}
    >
      <span className={ROW.bar} data-testid="queue-color" style={ticket.queue ? { backgroundColor: ticket.queue.color } : undefined} />
      <span className={ROW.picture}>
        <span className={ROW.face}>
          {ticket.contact.urlPicture ? (
            <img src={ticket.contact.urlPicture} alt={ticket.contact.name} loading="lazy" />
          ) : (
            ticket.contact.name.trim().charAt(0).toUpperCase()
          )}
        </span>
        <span
          className={ROW.channel}
          data-channel={ticket.channel}
          role="img"
          aria-label={labels.channel[ticket.channel]}
          title={labels.channel[ticket.channel]}
        />
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
          <span className={ROW.time} data-unread={unread} data-testid="ticket-time">
            {rowTime(ticket.updatedAt)}
          </span>
        </div>
        <div className={ROW.line}>
          <span className={ROW.preview} data-testid="ticket-last-message">
            {lastMessagePreview(ticket.lastMessage, ticket.lastMessageMedia, labels.media, LAST_MESSAGE_MAX)}
          </span>
          {/* Always there, hidden at zero: a recycled row changes the count rather than mounting the badge. */}
          <span
            className={ROW.unread}
            hidden={!unread}
            role="img"
            aria-label={labels.unread(ticket.unreadMessages)}
            data-testid={unread ? 'ticket-unread' : undefined}
          >
            {ticket.unreadMessages}
          </span>
        </div>
        <div className={`${ROW.line} ${ROW.tagLine}`}>
          <TicketTags ticket={ticket} showOwner={showOwner} labels={labels} />
          {ticket.status === 'pending' && (
            <>
              {/* Ignore sits before ACEITAR with room between them: a slip off the button that opens
                  the conversation must not close the ticket. */}
              {canIgnore && (
                <button
                  type="button"
                  className={ROW.ignore}
                  disabled={busy}
                  tabIndex={tabStop ? undefined : -1}
                  aria-label={labels.ignore}
                  title={labels.ignore}
                  data-testid="ticket-ignore"
                  onClick={(e) => {
                    e.stopPropagation();
                    onIgnore(ticket);
                  }}
                >
                  <CloseGlyph />
                </button>
              )}
              <button
                type="button"
                className={ROW.accept}
                disabled={busy}
                tabIndex={tabStop ? undefined : -1}
                data-testid="ticket-accept"
                onClick={(e) => {
                  e.stopPropagation();
                  onAccept(ticket);
                }}
              >
                {labels.accept}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}, sameRowProps);

/**
 * memo's comparison, written out: React's own lists the keys of both props objects on every call,
 * and the list compares every row in view on every frame of a scroll.
 */
export function sameRowProps(a: TicketListItemProps, b: TicketListItemProps): boolean {
  return (
    a.ticket === b.ticket &&
    a.selected === b.selected &&
    a.tabStop === b.tabStop &&
    a.showOwner === b.showOwner &&
    a.canIgnore === b.canIgnore &&
    a.busy === b.busy &&
    a.labels === b.labels &&
    a.onSelect === b.onSelect &&
    a.onAccept === b.onAccept &&
    a.onIgnore === b.onIgnore
  );
}

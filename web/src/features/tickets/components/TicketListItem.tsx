import type { TicketView } from '@chatflow/contract';
import CloseIcon from '@mui/icons-material/Close';
import { styled } from '@mui/material/styles';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShort } from '../../../lib/format';
import { CONTACT_NAME_MAX, LAST_MESSAGE_MAX, ratingEmoji, truncate } from '../display';
import { ChannelIcon } from './ChannelIcon';
import { TicketTags } from './TicketTags';

/** Every item has the same height, so the virtualized list never measures rows while scrolling. */
export const TICKET_ITEM_HEIGHT = 92;

// Styled once here, with per-ticket colours inline: rows mount and unmount all the time while the
// list scrolls, and per-row style work (sx, Chip, Badge, Avatar, Button, Tooltip) is what made frames drop.
const Row = styled('div')(({ theme }) => ({
  display: 'flex', alignItems: 'stretch', gap: 8, height: TICKET_ITEM_HEIGHT, padding: '6px 8px 6px 0', boxSizing: 'border-box',
  cursor: 'pointer', borderBottom: `1px solid ${theme.palette.divider}`, outline: 'none',
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { backgroundColor: theme.palette.action.focus },
  '&[aria-selected="true"]': { backgroundColor: theme.palette.action.selected },
}));
const Bar = styled('span')(({ theme }) => ({ width: 5, flexShrink: 0, backgroundColor: theme.palette.grey[500] }));
const Picture = styled('span')({ position: 'relative', alignSelf: 'center', flexShrink: 0 });
const ChannelMark = styled('span')(({ theme }) => ({
  position: 'absolute', right: -3, bottom: -3, display: 'flex', padding: 1, borderRadius: '50%', backgroundColor: theme.palette.background.paper,
}));
const Face = styled('span')(({ theme }) => ({
  display: 'flex', alignItems: 'center', justifyContent: 'center', width: 44, height: 44, borderRadius: '50%', overflow: 'hidden',
  backgroundColor: theme.palette.grey[400], color: theme.palette.common.white, fontSize: 20,
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
}));
const AcceptButton = styled('button')(({ theme }) => ({
  flexShrink: 0, border: 0, borderRadius: 4, padding: '0 8px', height: 22, cursor: 'pointer', fontSize: 11, fontWeight: 600,
  textTransform: 'uppercase', backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText,
  '&:hover': { backgroundColor: theme.palette.success.dark },
  '&:disabled': { cursor: 'default', opacity: 0.5 },
}));
const IgnoreButton = styled('button')(({ theme }) => ({
  flexShrink: 0, display: 'flex', border: 0, borderRadius: '50%', padding: 2, cursor: 'pointer', background: 'none', color: theme.palette.error.main,
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:disabled': { cursor: 'default', opacity: 0.5 },
}));
const Body = styled('div')({ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' });
const Line = styled('div')({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });
const Name = styled('span')(({ theme }) => ({
  ...theme.typography.subtitle2, flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap',
  '&[data-unread="true"]': { fontWeight: 700 },
}));
const Time = styled('span')(({ theme }) => ({
  ...theme.typography.caption, flexShrink: 0, color: theme.palette.text.secondary,
  '&[data-unread="true"]': { color: theme.palette.success.main },
}));
const Preview = styled('span')(({ theme }) => ({
  ...theme.typography.body2, flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: theme.palette.text.secondary,
}));
const Unread = styled('span')(({ theme }) => ({
  flexShrink: 0, minWidth: 20, padding: '0 6px', borderRadius: 10, textAlign: 'center', fontSize: 12, fontWeight: 700, lineHeight: '20px',
  backgroundColor: theme.palette.success.main, color: theme.palette.common.white,
}));

interface Props {
  ticket: TicketView;
  selected: boolean;
  showOwner: boolean;
  canIgnore: boolean;
  busy: boolean;
  onSelect(ticket: TicketView): void;
  onAccept(ticket: TicketView): void;
  onIgnore(ticket: TicketView): void;
}

/**
 * One ticket in the list (spec 1 §2.5): queue colour bar, picture with the channel icon, name
 * (60 characters), last message (40), time (HH:mm today, else the date), unread badge, tag line,
 * the rating emoji on resolved tickets, and accept / ignore on waiting ones.
 */
export const TicketListItem = memo(function TicketListItem({ ticket, selected, showOwner, canIgnore, busy, onSelect, onAccept, onIgnore }: Props) {
  const { t } = useTranslation();
  const rating = ticket.status === 'closed' ? ratingEmoji(ticket.userRating?.rate) : null;
  const unread = ticket.unreadMessages > 0;
  return (
    <Row role="button" tabIndex={0} aria-selected={selected} data-testid="ticket-item" data-ticket-id={ticket.id} data-status={ticket.status}
      onClick={() => onSelect(ticket)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onSelect(ticket);
      }}>
      <Bar data-testid="queue-color" style={ticket.queue ? { backgroundColor: ticket.queue.color } : undefined} />
      <Picture>
        <Face>
          {ticket.contact.urlPicture
            ? <img src={ticket.contact.urlPicture} alt={ticket.contact.name} loading="lazy" />
            : ticket.contact.name.trim().charAt(0).toUpperCase()}
        </Face>
        <ChannelMark><ChannelIcon channel={ticket.channel} sx={{ fontSize: 16 }} /></ChannelMark>
      </Picture>
      <Body>
        <Line>
          <Name title={ticket.contact.name} data-unread={unread} data-testid="ticket-contact">{truncate(ticket.contact.name, CONTACT_NAME_MAX)}</Name>
          {rating && (
            <span role="img" aria-label={rating.label} title={t('tickets.list.rating', { rate: ticket.userRating?.rate })} data-testid="ticket-rating">
              {rating.emoji}
            </span>
          )}
          <Time data-unread={unread} data-testid="ticket-time">{formatShort(ticket.updatedAt)}</Time>
        </Line>
        <Line>
          <Preview data-testid="ticket-last-message">{truncate(ticket.lastMessage, LAST_MESSAGE_MAX)}</Preview>
          {unread && (
            <Unread aria-label={t('tickets.list.unread', { count: ticket.unreadMessages })} data-testid="ticket-unread">{ticket.unreadMessages}</Unread>
          )}
        </Line>
        <Line style={{ gap: 4, minHeight: 24 }}>
          <span style={{ flexGrow: 1, minWidth: 0, display: 'flex' }}><TicketTags ticket={ticket} showOwner={showOwner} /></span>
          {ticket.status === 'pending' && (
            <>
              <AcceptButton type="button" disabled={busy} data-testid="ticket-accept"
                onClick={(e) => {
                  e.stopPropagation();
                  onAccept(ticket);
                }}>
                {t('tickets.list.accept')}
              </AcceptButton>
              {canIgnore && (
                <IgnoreButton type="button" disabled={busy} aria-label={t('tickets.list.ignore')} title={t('tickets.list.ignore')}
                  data-testid="ticket-ignore"
                  onClick={(e) => {
                    e.stopPropagation();
                    onIgnore(ticket);
                  }}>
                  <CloseIcon fontSize="small" />
                </IgnoreButton>
              )}
            </>
          )}
        </Line>
      </Body>
    </Row>
  );
});

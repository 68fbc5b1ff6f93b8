import type { Channel } from '@chatflow/contract';
import { styled } from '@mui/material/styles';
import { CHANNEL_COLORS, CHANNEL_GLYPH, GLYPHS, glyphImage } from './row-glyphs';

const CHANNELS = Object.keys(CHANNEL_GLYPH) as Channel[];

/** Every item has the same height, so the virtualized list never measures rows while scrolling. */
export const TICKET_ITEM_HEIGHT = 92;

/** Class names of the parts of a ticket row; their styles are the list's (TicketRowsBox below). */
export const ROW = {
  row: 'cf-ticket',
  bar: 'cf-ticket-bar',
  picture: 'cf-ticket-picture',
  face: 'cf-ticket-face',
  channel: 'cf-ticket-channel',
  body: 'cf-ticket-body',
  line: 'cf-ticket-line',
  name: 'cf-ticket-name',
  time: 'cf-ticket-time',
  preview: 'cf-ticket-preview',
  unread: 'cf-ticket-unread',
  tagLine: 'cf-ticket-tagline',
  tags: 'cf-ticket-tags',
  tag: 'cf-ticket-tag',
  accept: 'cf-ticket-accept',
  ignore: 'cf-ticket-ignore',
  glyph: 'cf-ticket-glyph',
} as const;

const c = (name: string) => `& .${name}`;

/**
 * The scrolling box of the ticket list, carrying the styles of every row as class rules. Rows mount
 * and unmount on every step of a fast scroll; with plain elements and class names a row costs no
 * style work at all (a styled component or `sx` per element serialises and hashes its styles on
 * each mount, which is what made frames drop). Only this box is styled, and it does not re-render
 * while the list scrolls. Its opaque background lets Chromium scroll it on the compositor (a
 * transparent scroller is repainted on the main thread at every step to keep subpixel text).
 */
export const TicketRowsBox = styled('div')(({ theme }) => ({
  flexGrow: 1,
  minHeight: 0,
  overflowY: 'auto',
  position: 'relative',
  backgroundColor: theme.palette.background.paper,
  // No scroll anchoring: the rows are placed absolutely, so there is nothing to anchor, and Chromium
  // would still search the list for an anchor on every frame of a scroll.
  overflowAnchor: 'none',
  [c(ROW.row)]: {
    display: 'flex',
    alignItems: 'stretch',
    gap: 8,
    height: TICKET_ITEM_HEIGHT,
    padding: '6px 8px 6px 0',
    boxSizing: 'border-box',
    cursor: 'pointer',
    borderBottom: `1px solid ${theme.palette.divider}`,
    outline: 'none',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { backgroundColor: theme.palette.action.focus },
    '&[aria-current="true"]': { backgroundColor: theme.palette.action.selected },
  },
  [c(ROW.bar)]: { width: 5, flexShrink: 0, backgroundColor: theme.palette.grey[500] },
  [c(ROW.picture)]: { position: 'relative', alignSelf: 'center', flexShrink: 0 },
  // The picture rounds itself rather than being clipped by the circle (overflow: hidden): a rounded
  // clip is one more node of paint properties for every row, built and sent to the compositor while
  // the list scrolls, and most rows show an initial, which needs no clip at all.
  [c(ROW.face)]: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 44,
    height: 44,
    borderRadius: '50%',
    backgroundColor: theme.palette.grey[400],
    color: theme.palette.common.white,
    fontSize: 20,
    '& img': { width: '100%', height: '100%', objectFit: 'cover', borderRadius: '50%' },
  },
  // The channel badge: the glyph (16 px) on a round background 1 px wider each side, one rule per channel.
  [c(ROW.channel)]: {
    position: 'absolute',
    right: -3,
    bottom: -3,
    width: 18,
    height: 18,
    borderRadius: '50%',
    backgroundColor: theme.palette.background.paper,
    backgroundSize: '16px 16px',
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
  },
  ...Object.fromEntries(
    CHANNELS.map((channel) => [
      `& .${ROW.channel}[data-channel="${channel}"]`,
      { backgroundImage: glyphImage(GLYPHS[CHANNEL_GLYPH[channel]], CHANNEL_COLORS[channel]) },
    ]),
  ),
  [c(ROW.glyph)]: { width: 16, height: 16, fill: 'currentColor', flexShrink: 0 },
  [c(ROW.body)]: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' },
  [c(ROW.line)]: { display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 },
  [c(ROW.name)]: {
    ...theme.typography.subtitle2,
    flexGrow: 1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '&[data-unread="true"]': { fontWeight: 700 },
  },
  [c(ROW.time)]: {
    ...theme.typography.caption,
    flexShrink: 0,
    color: theme.palette.text.secondary,
    '&[data-unread="true"]': { color: theme.palette.success.main },
  },
  [c(ROW.preview)]: {
    ...theme.typography.body2,
    flexGrow: 1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: theme.palette.text.secondary,
  },
  [c(ROW.unread)]: {
    flexShrink: 0,
    minWidth: 20,
    padding: '0 6px',
    borderRadius: 10,
    textAlign: 'center',
    fontSize: 12,
    fontWeight: 700,
    lineHeight: '20px',
    backgroundColor: theme.palette.success.main,
    color: theme.palette.common.white,
  },
  [c(ROW.tagLine)]: { gap: 4, minHeight: 24 },
  [c(ROW.tags)]: { display: 'flex', flexGrow: 1, gap: 4, overflow: 'hidden', flexWrap: 'nowrap', minWidth: 0 },
  // On a narrow row the connection's name and then the ticket's tags give way (to an ellipsis, keeping a
  // few letters) before the ✕ and ACEITAR; the queue, owner and group labels, what an agent reads the row
  // for, never shrink: even a fraction of a pixel taken from them turns "Vendas" into "Vend…".
  [c(ROW.tag)]: {
    display: 'inline-block',
    flexShrink: 0,
    maxWidth: 110,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    height: 18,
    lineHeight: '18px',
    padding: '0 6px',
    borderRadius: 4,
    fontSize: 11,
    fontWeight: 500,
    backgroundColor: theme.palette.action.selected,
    color: theme.palette.text.primary,
  },
  [`& .${ROW.tag}[data-part="connection"]`]: { flexShrink: 4, minWidth: 36 },
  [`& .${ROW.tag}[data-part="tag"]`]: { flexShrink: 1, minWidth: 36 },
  [c(ROW.accept)]: {
    flexShrink: 0,
    border: 0,
    borderRadius: 4,
    padding: '0 8px',
    height: 22,
    cursor: 'pointer',
    fontSize: 11,
    fontWeight: 600,
    textTransform: 'uppercase',
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
    '&:hover': { backgroundColor: theme.palette.success.dark },
    '&:disabled': { cursor: 'default', opacity: 0.5 },
  },
  [c(ROW.ignore)]: {
    flexShrink: 0,
    display: 'flex',
    marginRight: 16,
    border: 0,
    borderRadius: '50%',
    padding: 2,
    cursor: 'pointer',
    background: 'none',
    color: theme.palette.error.main,
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:disabled': { cursor: 'default', opacity: 0.5 },
    [`& .${ROW.glyph}`]: { width: 20, height: 20 },
  },
  // Parts a row keeps while they have nothing to show (TicketTags, the unread badge): the rules above
  // give them a display, which would otherwise win over the hidden attribute's.
  '& [hidden]': { display: 'none !important' },
}));

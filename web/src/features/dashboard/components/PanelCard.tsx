import { PANEL_TEXT_LIMIT, type PanelTicketView } from '@chatflow/contract';
import { Avatar, Badge, Box, Chip, List, ListItemAvatar, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatShort } from '../../../lib/format';
import { truncate } from '../../../lib/text';
import { lastMessagePreview, mediaWords } from '../../../lib/message-preview';
import { minutesWaited, WAIT_ALERT_MINUTES } from '../hooks/panel-rules';

interface Props {
  title: string;
  /** The agent's presence; null for the Pendentes card. */
  online: boolean | null;
  tickets: PanelTicketView[];
  canOpen(ticket: PanelTicketView): boolean;
  onOpen(ticket: PanelTicketView): void;
  testId: string;
  /** The clock the waiting minutes are counted against (ticks on the page). */
  now: number;
}

/**
 * One card of the panel: an agent (or "Pendentes") and their tickets; each says its connection, and a
 * waiting one the minutes it has waited (in the alert colour past WAIT_ALERT_MINUTES).
 */
export function PanelCard({ title, online, tickets, canOpen, onOpen, testId, now }: Props) {
  const { t } = useTranslation();
  const words = mediaWords(t);
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minHeight: 160, maxHeight: 420 }} data-testid={testId}>
      <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        {online !== null && (
          <Box
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: online ? 'success.main' : 'grey.500', flexShrink: 0 }}
          />
        )}
        <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }} noWrap title={title}>
          {truncate(title, PANEL_TEXT_LIMIT)}
        </Typography>
        {online !== null && (
          <Typography variant="caption" color={online ? 'success.dark' : 'text.secondary'} data-testid={`${testId}-presence`}>
            {online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
          </Typography>
        )}
        <Chip size="small" label={tickets.length} data-testid={`${testId}-count`} />
      </Box>
      {tickets.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} variant="body2">
          {t('dashboard.moments.noTickets')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflowY: 'auto' }}>
          {tickets.map((ticket) => {
            const allowed = canOpen(ticket);
            const waited = ticket.waitingSince ? minutesWaited(ticket.waitingSince, now) : null;
            return (
              <ListItemButton
                key={ticket.id}
                disabled={!allowed}
                onClick={() => onOpen(ticket)}
                divider
                data-testid={`panel-ticket-${ticket.id}`}
                sx={{ '&.Mui-disabled': { opacity: 0.75 } }}
              >
                <ListItemAvatar>
                  <Badge color="success" badgeContent={ticket.unreadMessages} max={99}>
                    <Avatar src={ticket.contact.urlPicture || undefined} alt={ticket.contact.name} />
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={truncate(ticket.contact.name, PANEL_TEXT_LIMIT)}
                  secondary={lastMessagePreview(ticket.lastMessage, ticket.lastMessageMedia, words, PANEL_TEXT_LIMIT) || ' '}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1, flexShrink: 0 }}>
                  {waited === null ? (
                    <Typography variant="caption" color="text.secondary">
                      {formatShort(ticket.updatedAt)}
                    </Typography>
                  ) : (
                    <Chip
                      size="small"
                      color={waited >= WAIT_ALERT_MINUTES ? 'error' : 'default'}
                      label={t('dashboard.moments.waited', { count: waited })}
                      title={t('dashboard.moments.waitingSince', { time: formatShort(ticket.waitingSince ?? '') })}
                      sx={{ height: 20, fontSize: 11, fontWeight: 600 }}
                      data-testid={`panel-waited-${ticket.id}`}
                      data-alert={waited >= WAIT_ALERT_MINUTES ? 'true' : 'false'}
                    />
                  )}
                  {ticket.whatsapp && (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      noWrap
                      sx={{ maxWidth: 120 }}
                      title={t('dashboard.moments.connection', { name: ticket.whatsapp.name })}
                      data-testid={`panel-connection-${ticket.id}`}
                    >
                      {truncate(ticket.whatsapp.name, 16)}
                    </Typography>
                  )}
                  {ticket.queue && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={truncate(ticket.queue.name, 14)}
                      sx={{ borderColor: ticket.queue.color, borderLeftWidth: 4, height: 18, fontSize: 11 }}
                    />
                  )}
                </Box>
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

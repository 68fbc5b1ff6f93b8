import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Avatar,
  Badge,
  Box,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppearance } from '../../../app/providers/AppearanceProvider';
import { countedLabel } from '../../../lib/a11y';
import { formatShort } from '../../../lib/format';
import { truncate } from '../../../lib/text';
import { lastMessagePreview, mediaWords } from '../../../lib/message-preview';
import { CONTACT_NAME_MAX, LAST_MESSAGE_MAX, pageTitle } from '../display';
import { useNotifications } from './use-notifications';

/**
 * The top bar's bell (spec 1 §2.5): tickets with unread messages, newest first; choosing one opens
 * it. The page title carries the count (a digit glyph up to 20).
 */
export function NotificationsPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appName } = useAppearance();
  const { tickets } = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const words = mediaWords(t);

  useEffect(() => {
    document.title = pageTitle(appName, tickets.length);
  }, [appName, tickets.length]);
  useEffect(
    () => () => {
      document.title = appName;
    },
    [appName],
  );

  return (
    <>
      {/* The count sits outside the button and is in its name: a label that leaves out text drawn inside fails WCAG 2.5.3. */}
      <Badge
        badgeContent={tickets.length}
        color="error"
        max={99}
        overlap="circular"
        data-testid="notifications-count"
        sx={{ '& .MuiBadge-badge': { top: 8, right: 8, pointerEvents: 'none' } }}
      >
        <Tooltip title={t('tickets.notifications.title')}>
          <IconButton
            color="inherit"
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-label={countedLabel(t('tickets.notifications.open'), tickets.length)}
            data-testid="notifications-button"
          >
            <NotificationsIcon />
          </IconButton>
        </Tooltip>
      </Badge>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 340, maxHeight: 420, overflowY: 'auto' }} data-testid="notifications-list">
          {tickets.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('tickets.notifications.empty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {tickets.map((ticket) => (
                <ListItemButton
                  key={ticket.id}
                  divider
                  onClick={() => {
                    setAnchor(null);
                    navigate(`/tickets/${ticket.uuid}`);
                  }}
                >
                  <ListItemAvatar>
                    <Badge badgeContent={ticket.unreadMessages} color="success">
                      <Avatar src={ticket.contact.urlPicture || undefined} alt={ticket.contact.name}>
                        {ticket.contact.name.charAt(0)}
                      </Avatar>
                    </Badge>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        <Box component="span" sx={{ flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {truncate(ticket.contact.name, CONTACT_NAME_MAX)}
                        </Box>
                        <Typography component="span" variant="caption" color="text.secondary">
                          {formatShort(ticket.updatedAt)}
                        </Typography>
                      </Box>
                    }
                    secondary={lastMessagePreview(ticket.lastMessage, ticket.lastMessageMedia, words, LAST_MESSAGE_MAX)}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}

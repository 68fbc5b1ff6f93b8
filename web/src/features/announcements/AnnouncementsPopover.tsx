import type { AnnouncementView } from '@chatflow/contract';
import CampaignIcon from '@mui/icons-material/Campaign';
import { Box, CircularProgress, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { formatDate } from '../../lib/format';
import { AnnouncementDialog } from './components/AnnouncementDialog';
import { usePopoverAnnouncements } from './hooks/use-announcements';
import { useAnnouncementsRealtime } from './hooks/use-announcements-realtime';
import { priorityColor } from './priority';

/**
 * The top bar's announcements (spec 1 §2.8), for every user: the active announcements, newest first,
 * with infinite scroll; choosing one opens its detail. New ones arrive live (company-announcement).
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const query = usePopoverAnnouncements();
  const records = (query.data?.pages.flatMap((p) => p.records) ?? []).filter((a) => a.status);
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState<AnnouncementView | null>(null);
  useAnnouncementsRealtime();

  return (
    <>
      <Tooltip title={t('announcements.popoverTitle')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('announcements.popoverTitle')}
          data-testid="announcements-button"
        >
          <CampaignIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box
          ref={scroll.ref}
          onScroll={scroll.onScroll}
          sx={{ width: { xs: 300, sm: 360 }, maxHeight: 420, overflowY: 'auto' }}
          data-testid="announcements-list"
        >
          {!query.isLoading && records.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="announcements-empty">
              {t('announcements.popoverEmpty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {records.map((a) => (
                <ListItemButton
                  key={a.id}
                  divider
                  onClick={() => {
                    setAnchor(null);
                    setShown(a);
                  }}
                  data-testid="announcement-item"
                  sx={{ boxShadow: `inset 5px 0 0 ${priorityColor(a.priority)}`, pl: 2.5, alignItems: 'flex-start', gap: 1 }}
                >
                  {a.mediaPath && (
                    <Box
                      component="img"
                      src={a.mediaPath}
                      alt=""
                      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, mt: 0.5 }}
                    />
                  )}
                  <ListItemText
                    primary={a.title}
                    secondary={
                      <>
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                        >
                          {a.text}
                        </Typography>
                        <Typography component="span" variant="caption" color="text.secondary">
                          {formatDate(a.createdAt)}
                        </Typography>
                      </>
                    }
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { component: 'div' } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
          {(query.isLoading || query.isFetchingNextPage) && (
            <Box sx={{ display: 'grid', placeItems: 'center', p: 1 }}>
              <CircularProgress size={20} />
            </Box>
          )}
        </Box>
      </Popover>
      {shown && <AnnouncementDialog announcement={shown} onClose={() => setShown(null)} />}
    </>
  );
}

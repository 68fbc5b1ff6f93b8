import type { TicketView } from '@chatflow/contract';
import { Box, Button, CircularProgress, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useContactTickets } from '../hooks/use-contact-tickets';

/**
 * The contact's past tickets in the drawer (issue 31): status, date (dd/MM/yyyy), queue and rating,
 * newest first, a page at a time; each opens its ticket. Only those the inbox lets the agent open.
 */
export function ContactTickets({ contactId, currentUuid }: { contactId: number; currentUuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useContactTickets(contactId, true);
  const list: TicketView[] = query.data?.pages.flatMap((p) => p.tickets) ?? [];

  return (
    <Box data-testid="contact-tickets">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('conversation.contact.history.title')}
      </Typography>
      {query.isLoading && <CircularProgress size={20} aria-label={t('common.loading')} />}
      {query.isError && (
        <Typography variant="body2" color="error">
          {t('common.loadError')}
        </Typography>
      )}
      {query.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('conversation.contact.history.empty')}
        </Typography>
      )}
      <List dense disablePadding>
        {list.map((tk) => (
          <ListItemButton
            key={tk.id}
            selected={tk.uuid === currentUuid}
            onClick={() => navigate(`/tickets/${tk.uuid}`)}
            data-testid="contact-ticket"
            sx={{ borderLeft: 3, borderColor: tk.queue?.color ?? 'divider', mb: 0.5, borderRadius: 1 }}
          >
            <ListItemText
              primary={`#${tk.id} · ${t(`conversation.contact.history.status.${tk.status}`)} · ${formatDate(tk.createdAt)}`}
              secondary={[
                tk.queue?.name ?? t('conversation.contact.history.noQueue'),
                tk.userRating ? t('conversation.contact.history.rating', { rate: tk.userRating.rate }) : null,
                tk.uuid === currentUuid ? t('conversation.contact.history.current') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
            />
          </ListItemButton>
        ))}
      </List>
      {query.hasNextPage && (
        <Button size="small" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="contact-tickets-more">
          {t('conversation.contact.history.more')}
        </Button>
      )}
    </Box>
  );
}

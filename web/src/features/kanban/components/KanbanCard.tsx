import type { TicketView } from '@chatflow/contract';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatShort } from '../../../lib/format';
import { lastMessagePreview, mediaWords } from '../../../lib/message-preview';
import { ChannelMark } from './ChannelMark';

/** The card shows one line (clipped by its width); the title shows the rest. */
const PREVIEW_MAX = 300;

interface Props {
  ticket: TicketView;
  /** The card follows the pointer (the drag overlay): raised, no button. */
  floating?: boolean;
}

/**
 * A ticket on the board (spec 3 "Kanban"): number, contact name and number, channel, last message,
 * last update (HH:mm today, else dd/MM/yyyy), assigned user and "Ver Ticket".
 */
export const KanbanCard = memo(function KanbanCard({ ticket, floating }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const words = useMemo(() => mediaWords(t), [t]);
  const preview = lastMessagePreview(ticket.lastMessage, ticket.lastMessageMedia, words, PREVIEW_MAX);
  return (
    <Paper
      variant={floating ? 'elevation' : 'outlined'}
      elevation={floating ? 8 : 0}
      sx={{ p: 1.25, cursor: floating ? 'grabbing' : 'grab', bgcolor: 'background.paper' }}
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <ChannelMark channel={ticket.channel} label={t(`kanban.channel.${ticket.channel}`)} />
        <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }} title={ticket.contact.name}>
          {ticket.contact.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          #{ticket.id}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {ticket.contact.number}
      </Typography>
      <Typography variant="body2" noWrap sx={{ my: 0.5, minHeight: '1.43em' }} title={preview}>
        {preview}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PersonIcon sx={{ fontSize: 16, color: 'text.secondary' }} aria-hidden />
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {ticket.user?.name ?? t('kanban.card.noUser')}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }} data-testid="kanban-card-updated">
          {formatShort(ticket.updatedAt)}
        </Typography>
      </Stack>
      {!floating && (
        <Box sx={{ mt: 0.5, textAlign: 'right' }}>
          <Button
            size="small"
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => navigate(`/tickets/${ticket.uuid}`)}
            data-testid="kanban-card-open"
          >
            {t('kanban.card.open')}
          </Button>
        </Box>
      )}
    </Paper>
  );
});

import type { MessageView } from '@chatflow/contract';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactDrawer } from './contact/ContactDrawer';
import { ConversationTicket } from './conversation-context';
import { TicketHeader } from './header/TicketHeader';
import { useConversationRealtime } from './hooks/use-conversation-realtime';
import { useMarkRead } from './hooks/use-mark-read';
import { useTicket } from './hooks/use-ticket';
import { MessageInput } from './input/MessageInput';
import { MessagesList } from './messages/MessagesList';

/** Facebook and Instagram only accept replies within 24 hours of the customer's last message. */
const WINDOW_CHANNELS = ['facebook', 'instagram'];

/**
 * The open ticket (spec 1 §2.6): header with the actions of its status, the messages, the input,
 * and the contact drawer. Rendered by the tickets page inside /tickets/:uuid, keyed by the uuid, so
 * every ticket starts with a fresh message list and an empty input.
 */
export default function Conversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const ticketQuery = useTicket(uuid);
  const ticket = ticketQuery.data;
  useConversationRealtime(uuid, ticket);
  useMarkRead(ticket);
  const [replyTo, setReplyTo] = useState<MessageView | null>(null);
  const [drawer, setDrawer] = useState(false);

  if (ticketQuery.isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (!ticket) {
    return <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="ticket-not-found">{t('conversation.notFound')}</Typography>;
  }

  return (
    <ConversationTicket.Provider value={ticket}>
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="conversation">
        <TicketHeader ticket={ticket} onOpenContact={() => setDrawer(true)} />
        {WINDOW_CHANNELS.includes(ticket.channel) && (
          <Alert severity="info" sx={{ borderRadius: 0, py: 0 }} data-testid="reply-window">{t('conversation.replyWindow')}</Alert>
        )}
        <MessagesList ticket={ticket} onReply={setReplyTo} />
        <MessageInput ticket={ticket} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
        <ContactDrawer ticket={ticket} open={drawer} onClose={() => setDrawer(false)} />
      </Box>
    </ConversationTicket.Provider>
  );
}

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
import { useTicketViewers } from './hooks/use-ticket-viewers';
import { MessageInput } from './input/MessageInput';
import { ConnectionDownNotice } from './header/ConnectionDownNotice';
import { MessagesList } from './messages/MessagesList';
import { TemplateReplyBar } from '../connections';

/** Meta's channels accept replies only within 24 hours of the customer's last message (ERR_CUSTOMER_WINDOW_CLOSED). */
const WINDOW_CHANNELS = ['whatsappapi', 'facebook', 'instagram'];

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
  // Listening from the first render, with the chat-box join: the list the join brings back comes before the ticket loads.
  const viewers = useTicketViewers(uuid);
  useMarkRead(ticket);
  const [replyTo, setReplyTo] = useState<MessageView | null>(null);
  const [drawer, setDrawer] = useState(false);

  if (ticketQuery.isPending)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (!ticket) {
    return (
      <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="ticket-not-found">
        {t('conversation.notFound')}
      </Typography>
    );
  }

  return (
    <ConversationTicket.Provider value={ticket}>
      {/*
        The ticket area: the conversation and, beside it or over it, the contact drawer (sized by this
        container). Clipped, not hidden: focus moving into the drawer must never scroll the area sideways.
      */}
      <Box sx={{ display: 'flex', height: '100%', minHeight: 0, position: 'relative', overflow: 'clip', containerType: 'inline-size' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }} data-testid="conversation">
          <TicketHeader ticket={ticket} viewers={viewers} contactOpen={drawer} onToggleContact={() => setDrawer((open) => !open)} />
          {WINDOW_CHANNELS.includes(ticket.channel) && (
            <Alert severity="info" sx={{ borderRadius: 0, py: 0 }} data-testid="reply-window">
              {t('conversation.replyWindow')}
            </Alert>
          )}
          <MessagesList ticket={ticket} onReply={setReplyTo} />
          <ConnectionDownNotice connectionId={ticket.whatsappId} />
          <TemplateReplyBar ticket={ticket} />
          <MessageInput ticket={ticket} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
        </Box>
        <ContactDrawer ticket={ticket} open={drawer} onClose={() => setDrawer(false)} />
      </Box>
    </ConversationTicket.Provider>
  );
}

import { CLIENT_EVENTS, type TicketView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCompanyEvent, useSocket } from '../../../app/providers/SocketProvider';
import { conversationKeys } from '../keys';
import { addMessage, type MessagesData, markMessageDeleted, updateMessage } from './messages-cache';
import { setTicket } from './use-ticket';

/**
 * Live updates of the open ticket: join its chat-box room (again after every reconnection), apply
 * company-{id}-appMessage create/update/delete to the cached pages, and take header changes from
 * company-{id}-ticket. A deleted ticket sends the agent back to the list.
 */
export function useConversationRealtime(uuid: string, ticket: TicketView | undefined) {
  const qc = useQueryClient();
  const socket = useSocket();
  const navigate = useNavigate();
  const ticketId = ticket?.id;

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, uuid);
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit(CLIENT_EVENTS.leaveChatBox, uuid);
    };
  }, [socket, uuid]);

  // Once another ticket (or page) is shown, nothing applies this one's events: its cached pages go
  // stale, so a return within their gcTime shows them at once and refetches behind.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: conversationKeys.messages(uuid), refetchType: 'none' }), [qc, uuid]);

  useCompanyEvent('appMessage', (e) => {
    const key = conversationKeys.messages(uuid);
    if (e.action === 'delete') {
      if (e.ticketId === ticketId) qc.setQueryData<MessagesData>(key, (d) => markMessageDeleted(d, e.messageId));
      return;
    }
    if (e.message.ticket?.uuid !== uuid && e.message.ticketId !== ticketId) return;
    qc.setQueryData<MessagesData>(key, (d) => (e.action === 'create' ? addMessage(d, e.message) : updateMessage(d, e.message)));
    if (e.ticket?.uuid === uuid) setTicket(qc, e.ticket);
  });

  useCompanyEvent('ticket', (e) => {
    if (e.action === 'update') {
      if (e.ticket.uuid === uuid) setTicket(qc, e.ticket);
    } else if (e.action === 'delete' && e.ticketId === ticketId) {
      navigate('/tickets');
    }
  });
}

import { CLIENT_EVENTS, type CompanyEvents, TICKET_ROOMS, type TicketView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCompanyEvent, useSocket } from '../../app/providers/SocketProvider';
import { applyNewMessage, applyTicketEvent, changesCounts, isTicketCached, ticketKeys } from './ticket-cache';
import type { ListViewer, TicketTab } from './types';

const RECOUNT_DELAY_MS = 1000;

interface Options {
  viewer: ListViewer;
  /** The list on screen: its room is joined, and left when the tab changes. */
  visibleTab: TicketTab;
  /** The conversation open on the right, whose new messages are read as they come. */
  openUuid: string | null;
  /** The open ticket changed (accepted, transferred, resolved from the conversation side). */
  onOpenTicketUpdate?(ticket: TicketView): void;
}

/**
 * Socket events edit the cached lists (STYLE "The web side mirrors the server"): a changed ticket is
 * put in the lists it belongs to and taken out of the others, a deleted one goes, a read one loses
 * its badge, and a new message moves its ticket up with the new last message. Nothing is refetched,
 * except after a reconnection or a return from another page, when events may have been missed.
 */
export function useTicketsRealtime({ viewer, visibleTab, openUuid, onOpenTicketUpdate }: Options) {
  const socket = useSocket();
  const qc = useQueryClient();
  const openRef = useRef(openUuid);
  openRef.current = openUuid;
  const callbackRef = useRef(onOpenTicketUpdate);
  callbackRef.current = onOpenTicketUpdate;

  useEffect(() => {
    if (!socket) return;
    const room = (TICKET_ROOMS as readonly string[]).includes(visibleTab) ? visibleTab : null;
    const join = () => {
      if (room) socket.emit(CLIENT_EVENTS.joinTickets, room);
    };
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      if (room) socket.emit(CLIENT_EVENTS.leaveTickets, room);
    };
  }, [socket, visibleTab]);

  // Away from the inbox (another page) nothing edits the cached lists, and they never go stale by
  // time: marked stale on leaving, they are shown at once on return and refetched behind.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: ticketKeys.all, refetchType: 'none' }), [qc]);

  useEffect(() => {
    if (!socket) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: ticketKeys.all });
    socket.io.on('reconnect', refresh);
    return () => {
      socket.io.off('reconnect', refresh);
    };
  }, [socket, qc]);

  // Badge recounts are batched: at most one GET /tickets/counts a second, however busy the company.
  const recount = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (recount.current) clearTimeout(recount.current);
    },
    [],
  );
  const scheduleRecount = () => {
    recount.current ??= setTimeout(() => {
      recount.current = null;
      void qc.invalidateQueries({ queryKey: ticketKeys.countsAll() });
    }, RECOUNT_DELAY_MS);
  };

  useCompanyEvent('ticket', (event: CompanyEvents['ticket']) => {
    const cached = event.action === 'update' && isTicketCached(qc, event.ticket.id);
    applyTicketEvent(qc, event, viewer, openRef.current);
    if (changesCounts(event, cached)) scheduleRecount();
    if (event.action === 'update' && event.ticket.uuid === openRef.current) callbackRef.current?.(event.ticket);
  });

  useCompanyEvent('appMessage', (event: CompanyEvents['appMessage']) => {
    if (event.action !== 'create' || !event.ticket) return;
    applyNewMessage(qc, event.ticket, viewer, openRef.current);
  });
}

import type { TicketView } from '@chatflow/contract';
import { useEffect, useRef } from 'react';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';

/** Several messages arriving together are read with one call. */
const READ_DELAY_MS = 1000;

/**
 * The open ticket is read: POST /tickets/:id/read when it is opened, and again when the contact
 * writes while it is on screen, so the list's badge and the page title stay at zero.
 */
export function useMarkRead(ticket: TicketView | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = ticket?.id;

  const schedule = (ticketId: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      api.post(`/tickets/${ticketId}/read`).catch(() => undefined); // a missed read only leaves a badge
    }, READ_DELAY_MS);
  };

  // Once per opened ticket.
  useEffect(() => {
    if (id === undefined) return;
    api.post(`/tickets/${id}/read`).catch(() => undefined);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [id]);

  useCompanyEvent('appMessage', (e) => {
    if (id !== undefined && e.action === 'create' && e.message.ticketId === id && !e.message.fromMe) schedule(id);
  });
}

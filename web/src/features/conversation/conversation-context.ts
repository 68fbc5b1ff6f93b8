import type { TicketView } from '@chatflow/contract';
import { createContext, useContext } from 'react';

/** The open ticket, for deep parts (a shared contact's "Conversar") that need its queue and connection. */
export const ConversationTicket = createContext<TicketView | null>(null);
export const useConversationTicket = () => useContext(ConversationTicket);

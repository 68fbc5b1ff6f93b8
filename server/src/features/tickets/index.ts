export { ticketRoutes } from './routes';
export { ticketChatBoxAuthorizer } from './chat-box';
export { emitTicketChange, emitTicketDeleted } from './events';
export { findVisibleTicket } from './find';
export { addTicketLogs, startTracking } from './history';
export { loadTicketView, ticketRowsQuery } from './loader';
export { presentTicket } from './presenter';
export type { SendTicketText } from './transitions/step';
export type { LogEntry } from './history';

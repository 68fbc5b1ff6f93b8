/**
 * What other features use of tickets (ARCHITECTURE: features talk through exported services).
 * - findVisibleTicket(ctx, id | uuid): the ticket if the caller may see it, else 404 ERR_NO_TICKET_FOUND.
 * - loadTicketView(s) / presentTicket: the TicketView of lists, headers and realtime payloads.
 * - markTicketRead(ctx, ticket): unread reset + updateUnread event (opening a conversation).
 * - actorQueueIds / visibleTicketsSql: the visibility rule for other ticket lists (kanban, panel).
 */
export { markTicketRead } from './commands/mark-read';
export { emitTicketChange } from './events';
export { findCompanyTicket, findVisibleTicket } from './find';
export { addTicketLogs } from './history';
export { loadTicketView, loadTicketViews, presentOptionsFor } from './loader';
export { presentTicket, type TicketBundle } from './presenter';
export { actorQueueIds, visibleTicketsSql } from './visibility';

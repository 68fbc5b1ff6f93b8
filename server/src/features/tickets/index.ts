export { ticketRoutes } from './routes';
export { ticketChatBoxAuthorizer } from './chat-box';

export { type AnnounceDeps, announceMessage, publishMessage } from './announce';
export { forwardMessageJob } from './jobs';
export { messageRoutes } from './routes';
export { sendMessageJob } from './send-job';
export { sendTicketText } from './ticket-texts';

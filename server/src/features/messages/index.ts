export { messageRoutes } from './routes';
export { type AnnounceDeps, announceMessage, publishMessage } from './announce';
export { forwardMessageJob } from './jobs';
export { sendMessageJob } from './send-job';
export { sendTicketText } from './ticket-texts';
export { resendStuckJob } from './resend-stuck-job';
export { BOT_MESSAGE_MARK, type BotFile, sendBotMessage } from './bot-texts';
export type { OutboundContext } from './service';

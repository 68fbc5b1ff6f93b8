export { chatbotRoutes } from './chatbot-routes';
export { queueRoutes } from './routes';
export { existingQueueIds } from './service';

export { queueRoutes } from './routes';
export { existingQueueIds } from './service';

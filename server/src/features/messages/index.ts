export { messageRoutes } from './routes';
export { forwardMessageJob } from './jobs';

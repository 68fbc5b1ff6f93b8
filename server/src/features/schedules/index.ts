export { scheduleRoutes } from './routes';
export { scheduleDispatchJob } from './jobs';

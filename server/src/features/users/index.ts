export { userRoutes } from './routes';
export { markOfflineJob } from './jobs';
export { presenceHooks } from './presence';
export { presentUser } from './presenter';

export { versionRoutes } from './routes';

export { simulatorRoutes } from './routes';

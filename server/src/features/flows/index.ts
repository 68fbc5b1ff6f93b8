export { flowRoutes } from './routes';

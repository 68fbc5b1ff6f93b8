export { quickMessageRoutes } from './routes';

export { helpRoutes } from './routes';

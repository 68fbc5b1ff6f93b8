export { externalApiRoutes } from './routes';

export { fileListRoutes } from './routes';

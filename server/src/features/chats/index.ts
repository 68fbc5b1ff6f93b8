export { chatRoutes } from './routes';

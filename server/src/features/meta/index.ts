export { metaRoutes } from './routes';

export { announcementRoutes } from './routes';

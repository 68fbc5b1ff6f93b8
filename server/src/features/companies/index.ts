export { companyRoutes } from './routes';
export { renewedDueDate } from './commands/renew-company';

export { contactListRoutes } from './routes';
export { checkNumbersJob } from './check-numbers';

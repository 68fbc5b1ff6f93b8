export { announceConnections } from './events';
export { connectionRoutes } from './routes';
export { sessionStatusHandler } from './session-status';
export { importProgressHandler } from './import-progress';
export { actAsQueryCompany } from './super-scope';
export { createConnection } from './commands/create-connection';

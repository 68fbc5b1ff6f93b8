export { billingRoutes } from './routes';
export { createInvoicesJob } from './jobs';
export { createDueInvoices } from './commands/create-due-invoices';

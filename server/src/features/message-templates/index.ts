export { templateRoutes } from './routes';
export { templateSyncJob } from './jobs';
export { dailyTemplateSyncJob } from './jobs';
export { applyTemplateStatus } from './status-update';
export { hasTemplates } from './sync';
export { findConnectionTemplate } from './template-message';
export { findTemplateByName } from './template-message';
export { templateMessage } from './template-message';
export type { TemplateValues } from './template-message';

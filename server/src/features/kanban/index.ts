export { kanbanRoutes } from './routes';
export { laneTimerJob } from './commands/enter-lane';
export { inRollbackLaneSql, laneRollbackJob, queueLaneRollback } from './commands/rollback';

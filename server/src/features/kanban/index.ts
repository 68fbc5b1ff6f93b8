export { kanbanRoutes } from './routes';
export { laneTimerJob } from './commands/enter-lane';
export { laneRollbackJob, startLaneRollback } from './commands/rollback';

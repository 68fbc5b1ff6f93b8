import type { JobDefinition } from '../jobs/define';
import { markOfflineJob } from './users/jobs';

/** Every job of every feature; the runner creates their queues, workers and cron schedules. */
export const allJobs: JobDefinition[] = [markOfflineJob as JobDefinition];

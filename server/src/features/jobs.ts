import type { Job } from '../jobs/define';
import { simulatorAckJob } from '../channels/simulator/jobs';
import { contactImportJob } from './contacts/import/job';
import { forwardMessageJob } from './messages/jobs';
import { resendStuckJob, sendMessageJob } from './outbound/jobs';
import { markOfflineJob } from './users/jobs';

/** Every job of every feature; the runner creates their queues, workers and cron schedules. */
export const allJobs: Job[] = [markOfflineJob, contactImportJob, forwardMessageJob, sendMessageJob, resendStuckJob, simulatorAckJob];

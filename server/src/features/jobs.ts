import type { JobDefinition } from '../jobs/define';
import { simulatorAckJob } from '../channels/simulator/jobs';
import { contactImportJob } from './contacts/import/job';
import { forwardMessageJob, sendMessageJob } from './messages';
import { resendStuckJob } from './outbound';
import { markOfflineJob } from './users/jobs';

/** Every job of every feature; the runner creates their queues, workers and cron schedules. */
export const allJobs: JobDefinition[] = [
  markOfflineJob as JobDefinition,
  contactImportJob as JobDefinition,
  forwardMessageJob as JobDefinition,
  sendMessageJob as JobDefinition,
  resendStuckJob as JobDefinition,
  simulatorAckJob as JobDefinition,
];

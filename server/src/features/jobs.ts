import type { Job } from '../jobs/define';
import { simulatorAckJob } from '../channels/simulator/jobs';
import { inboundAutomationJob, redirectJob, rotationJob, silenceJob } from './automation';
import { contactImportJob } from './contacts';
import { forwardMessageJob, resendStuckJob, sendMessageJob } from './messages';
import { markOfflineJob } from './users';
import { scheduleDispatchJob } from './schedules';

/** Every job of every feature; the runner creates their queues, workers and cron schedules. */
export const allJobs: Job[] = [
  markOfflineJob,
  contactImportJob,
  forwardMessageJob,
  sendMessageJob,
  resendStuckJob,
  simulatorAckJob,
  inboundAutomationJob,
  rotationJob,
  redirectJob,
  silenceJob,
  scheduleDispatchJob,
];

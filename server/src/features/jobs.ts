import type { Job } from '../jobs/define';
import { simulatorAckJob } from '../channels/simulator/jobs';
import { inboundAutomationJob, redirectJob, rotationJob, silenceJob } from './automation';
import { contactImportJob } from './contacts';
import { confirmationReplyJob, dispatchStepJob, startCampaignJob } from './campaigns';
import { checkNumbersJob } from './contact-lists';
import { forwardMessageJob, resendStuckJob, sendMessageJob } from './messages';
import { markOfflineJob } from './users';

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
  checkNumbersJob,
  startCampaignJob,
  dispatchStepJob,
  confirmationReplyJob,
];

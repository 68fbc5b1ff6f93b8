import type { Job } from '../jobs/define';
import { simulatorAckJob } from '../channels/simulator/jobs';
import { inboundAutomationJob, redirectJob, rotationJob, silenceJob } from './automation';
import { contactImportJob } from './contacts';
import { laneRollbackJob, laneTimerJob } from './kanban';
import { confirmationReplyJob, dispatchStepJob, startCampaignJob } from './campaigns';
import { checkNumbersJob } from './contact-lists';
import { forwardMessageJob, resendStuckJob, sendMessageJob } from './messages';
import { sendPendingJob } from './messages';
import { sessionCommandJob } from '../channels/session-command-job';
import { markOfflineJob } from './users';
import { scheduleDispatchJob } from './schedules';
import { delayedRepliesJob, integrationRetryJob, integrationTurnJob } from './integrations';
import { assistantRetryJob, assistantTurnJob } from './prompts';

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
  sendPendingJob,
  sessionCommandJob,
  laneTimerJob,
  laneRollbackJob,
  scheduleDispatchJob,
  checkNumbersJob,
  startCampaignJob,
  dispatchStepJob,
  confirmationReplyJob,
  integrationTurnJob,
  integrationRetryJob,
  delayedRepliesJob,
  assistantTurnJob,
  assistantRetryJob,
];

import type { Job } from '../jobs/define';
import { simulatorAckJob } from '../channels/simulator/jobs';
import { automationSweepJob, inboundAutomationJob, redirectJob, rotationJob, silenceJob } from './automation';
import { contactImportJob } from './contacts';
import { laneRollbackJob, laneTimerJob } from './kanban';
import { confirmationReplyJob, dispatchStepJob, startCampaignJob } from './campaigns';
import { checkNumbersJob } from './contact-lists';
import { forwardMessageJob, resendStuckJob, sendMessageJob } from './messages';
import { sendPendingJob } from './messages';
import { providerChangeJob } from './messages';
import { sessionCommandJob } from '../channels/session-command-job';
import { pairingCodeJob } from '../channels/pairing-code-relay';
import { markOfflineJob } from './users';
import { scheduleDispatchJob } from './schedules';
import { createInvoicesJob } from './billing';
import { delayedRepliesJob, integrationRetryJob, integrationTurnJob } from './integrations';
import { assistantRetryJob, assistantTurnJob } from './prompts';
import { dailyTemplateSyncJob, templateSyncJob } from './message-templates';
import { flowBotJob, flowBotRetryJob, flowResumeJob, flowStepJob } from './flow-runtime';
import { minuteSweepsJob } from './minute-sweeps';

/** Every job of every feature; the runner creates their queues, workers and cron schedules. */
export const allJobs: Job[] = [
  minuteSweepsJob,
  templateSyncJob,
  dailyTemplateSyncJob,
  markOfflineJob,
  contactImportJob,
  forwardMessageJob,
  sendMessageJob,
  providerChangeJob,
  resendStuckJob,
  simulatorAckJob,
  inboundAutomationJob,
  automationSweepJob,
  rotationJob,
  redirectJob,
  silenceJob,
  sendPendingJob,
  sessionCommandJob,
  pairingCodeJob,
  laneTimerJob,
  laneRollbackJob,
  scheduleDispatchJob,
  checkNumbersJob,
  startCampaignJob,
  dispatchStepJob,
  confirmationReplyJob,
  createInvoicesJob,
  flowStepJob,
  flowResumeJob,
  flowBotJob,
  flowBotRetryJob,
  integrationTurnJob,
  integrationRetryJob,
  delayedRepliesJob,
  assistantTurnJob,
  assistantRetryJob,
];

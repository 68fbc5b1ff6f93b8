export { campaignRoutes } from './routes';
export { dispatchStepJob } from './dispatch/step';
export { startCampaignJob } from './dispatch/start';
export { confirmationReplyJob } from './dispatch/confirmation';
export { awaitsConfirmationSql, queueConfirmationReply } from './dispatch/confirmation';

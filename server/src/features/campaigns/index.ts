export { campaignRoutes } from './routes';
export { dispatchStepJob } from './dispatch/step';
export { startCampaignJob } from './dispatch/start';
export { confirmationReplyJob } from './dispatch/confirmation';
export { startConfirmationReply } from './dispatch/confirmation';

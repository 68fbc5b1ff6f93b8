export { campaignRoutes } from './routes';
export { dispatchStepJob } from './dispatch/step';
export { startCampaignJob } from './dispatch/start';

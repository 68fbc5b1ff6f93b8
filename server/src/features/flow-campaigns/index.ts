export { flowCampaignRoutes } from './routes';
export { matchPhraseCampaign } from './queries';
export { phraseKey } from './phrase';

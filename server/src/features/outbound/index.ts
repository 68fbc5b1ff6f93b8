export { resendStuckJob, sendMessageJob } from './jobs';

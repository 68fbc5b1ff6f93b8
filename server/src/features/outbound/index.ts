export { resendStuckJob } from './jobs';
export { sendMessageJob } from './jobs';

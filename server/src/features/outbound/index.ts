export { enqueueOutbound, messageIdOfSendKey, SEND_MESSAGE_JOB, sendKeyOf } from './enqueue';
export { resendStuckJob } from './jobs';
export { sendOutbound } from './send';

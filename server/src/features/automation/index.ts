export { automationSweepJob, inboundAutomationJob, startInboundAutomation } from './jobs';
export { redirectJob } from './redirect';
export { rotationJob } from './rotation';
export { silenceJob } from './silence';
export { installReplyChecks, type ReplyCheck, type RepliedMessage } from './reply-checks';

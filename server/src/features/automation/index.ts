export { automationSweepJob, inboundAutomationJob, startInboundAutomation } from './jobs';
export { redirectJob } from './redirect';
export { rotationJob } from './rotation';
export { silenceJob } from './silence';

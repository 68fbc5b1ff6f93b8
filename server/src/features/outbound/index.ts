export { messageIdOfSendKey } from './send-key';
export { sendKeyOf } from './send-key';
export { sendOutbound } from './send';
export type { SendOutcome } from './send';
export { outboundPayload } from './payload';

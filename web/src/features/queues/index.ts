export { queueKeys, useQueues } from './hooks/use-queues';

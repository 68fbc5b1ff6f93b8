export { queueKeys } from './hooks/use-queues';
export { useQueues } from './hooks/use-queues';

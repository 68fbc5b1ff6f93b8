export { useConnectionsAttention } from './hooks/use-connections-attention';
export { ConnectionsDownCard } from './down/ConnectionsDownCard';
export { TemplateReplyBar } from './templates/TemplateReplyBar';

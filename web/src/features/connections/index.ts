export { useConnectionsAttention } from './hooks/use-connections-attention';
export { TemplateReplyBar } from './templates/TemplateReplyBar';

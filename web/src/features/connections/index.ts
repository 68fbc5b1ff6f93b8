export { useConnectionsAttention } from './hooks/use-connections-attention';

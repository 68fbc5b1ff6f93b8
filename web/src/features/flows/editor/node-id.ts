import { FLOW_NODE_ID_LENGTH } from '@chatflow/contract';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec 3 §9: a node id is 30 random alphanumeric characters (crypto randomness, rejection-free modulo is fine at 62). */
export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(FLOW_NODE_ID_LENGTH));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

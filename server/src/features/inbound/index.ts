import type { ProviderEvents } from '../../channels/types';
import type { InboundDeps } from './deps';
import { ingestInbound } from './ingest';
import { applyAck, applyAcks, applyDelete, applyEdit } from './updates';

export type { InboundDeps } from './deps';
export { ingestInbound } from './ingest';
export { applyAck, applyAcks, applyDelete, applyEdit } from './updates';

/** The pipeline's side of ProviderEvents: what a provider's inbound messages, acks, edits and deletes go to. */
export function inboundPipeline(deps: () => InboundDeps): Omit<ProviderEvents, 'onStatus'> {
  return {
    onInbound: (message) => ingestInbound(deps(), message),
    onAck: (update) => applyAck(deps(), update),
    onAcks: (updates) => applyAcks(deps(), updates),
    onEdit: (update) => applyEdit(deps(), update),
    onDelete: (update) => applyDelete(deps(), update),
  };
}

import type { FlowDetailView, FlowSummaryView } from '@chatflow/contract';
import type { FlowRow } from '../../db/schema';
import { hideNodeSecrets } from './node-secrets';

/** Whitelist of a flow list row: the drawing itself only leaves through the editor's GET. */
export const presentFlowSummary = (f: FlowRow): FlowSummaryView => ({
  id: f.id,
  name: f.name,
  active: f.active,
  userId: f.userId,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

/** GET /flowbuilder/flow/{id}: the drawing, null until the first save (or saved empty); nodes' secrets are write-only. */
export const presentFlowDetail = (f: FlowRow): FlowDetailView => ({
  flow: {
    id: f.id,
    name: f.name,
    active: f.active,
    flow: f.flow && f.flow.nodes.length > 0 ? hideNodeSecrets({ nodes: f.flow.nodes, connections: f.flow.connections }) : null,
  },
});

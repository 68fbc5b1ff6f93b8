import type { FlowDetailView, FlowSummaryView } from '@chatflow/contract';
import type { FlowRow } from '../../db/schema';

/** Whitelist of a flow list row: the drawing itself only leaves through the editor's GET. */
export const presentFlowSummary = (f: FlowRow): FlowSummaryView => ({
  id: f.id,
  name: f.name,
  active: f.active,
  userId: f.userId,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

/** GET /flowbuilder/flow/{id}: the drawing, null until the first save (or saved empty). */
export const presentFlowDetail = (f: FlowRow): FlowDetailView => ({
  flow: {
    id: f.id,
    name: f.name,
    active: f.active,
    flow: f.flow && f.flow.nodes.length > 0 ? { nodes: f.flow.nodes, connections: f.flow.connections } : null,
  },
});

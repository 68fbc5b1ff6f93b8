import type { FlowDocument, FlowNode } from '@chatflow/contract';

// Reading a saved flow document (contract flows.ts, its handle conventions): the runtime's only view of the drawing.

export const nodeById = (doc: FlowDocument, id: string): FlowNode | undefined => doc.nodes.find((n) => n.id === id);

export const startNode = (doc: FlowDocument): FlowNode | undefined => doc.nodes.find((n) => n.type === 'start');

/**
 * The node an edge leads to from `fromId` through `handle` ('a' is also an edge drawn without a handle).
 * Undefined when nothing is connected there: the flow ends.
 */
export function nextNodeId(doc: FlowDocument, fromId: string, handle = 'a'): string | undefined {
  const edge = doc.connections.find(
    (c) =>
      c.source === fromId && (c.sourceHandle === handle || (handle === 'a' && (c.sourceHandle === null || c.sourceHandle === undefined))),
  );
  return edge && nodeById(doc, edge.target) ? edge.target : undefined;
}

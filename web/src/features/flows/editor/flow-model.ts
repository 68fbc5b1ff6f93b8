import type { FlowConnection, FlowDocument, FlowNode, FlowNodeType } from '@chatflow/contract';
import type { Edge, Node } from '@xyflow/react';
import { newNodeId } from './node-id';

export type EditorNode = Node<Record<string, unknown>, FlowNodeType>;

/** The start node every new drawing has (spec 3 §2: "Inicio do fluxo" exists by default). */
export function startNode(): EditorNode {
  return { id: newNodeId(), type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' }, deletable: false };
}

/** The saved document as the canvas's nodes and edges (the start node cannot be deleted). */
export function toCanvas(doc: FlowDocument | null): { nodes: EditorNode[]; edges: Edge[] } {
  if (!doc || doc.nodes.length === 0) return { nodes: [startNode()], edges: [] };
  return {
    nodes: doc.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: n.position,
      data: n.data,
      ...(n.type === 'start' ? { deletable: false } : {}),
    })),
    edges: doc.connections.map((c) => ({
      id: c.id,
      source: c.source,
      target: c.target,
      sourceHandle: c.sourceHandle ?? 'a',
      targetHandle: c.targetHandle ?? 'a',
    })),
  };
}

/** The canvas as the document the server stores: only the keys of the contract's shape. */
export function toDocument(nodes: readonly EditorNode[], edges: readonly Edge[]): { nodes: FlowNode[]; connections: FlowConnection[] } {
  return {
    nodes: nodes.map((n) => ({ id: n.id, type: n.type as FlowNodeType, position: { x: n.position.x, y: n.position.y }, data: n.data })),
    connections: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? 'a',
      targetHandle: e.targetHandle ?? 'a',
    })),
  };
}

/** After a menu loses options, the edges that left from them go too (their handles no longer exist). */
export function withoutMissingMenuHandles(edges: readonly Edge[], menuId: string, optionNumbers: readonly number[]): Edge[] {
  const handles = new Set(optionNumbers.map((n) => `a${n}`));
  return edges.filter((e) => e.source !== menuId || handles.has(e.sourceHandle ?? ''));
}

import { type FlowGraphProblem, findFlowGraphProblem } from '@chatflow/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';
import type { EditorNode } from './flow-model';

/** A node as the user knows it: its type's name and the start of its text. */
export function describeNode(t: TFunction, node: EditorNode | undefined, fallbackId?: string): string {
  if (!node) return fallbackId ?? '';
  const d = node.data;
  const text = String(d.name ?? d.message ?? d.label ?? '').trim();
  const type = t(`flows.nodeTypes.${node.type}`);
  return text ? `${type}: ${text.length > 30 ? `${text.slice(0, 30)}…` : text}` : type;
}

/** The translated sentence for a graph problem, naming the node it is about. */
export function graphProblemText(t: TFunction, problem: FlowGraphProblem, nodes: readonly EditorNode[]): string {
  const node = nodes.find((n) => n.id === problem.nodeId);
  return t(`flows.errors.${problem.code}`, { node: describeNode(t, node, problem.nodeId) });
}

/** A refused save's problem, when the server named one (the editor checks first, but two tabs may differ). */
export function graphProblemOf(err: unknown): FlowGraphProblem | null {
  if (!(err instanceof ApiError) || !err.code?.startsWith('ERR_FLOW_')) return null;
  const body = (err.body ?? {}) as { nodeId?: string; edgeId?: string };
  return { code: err.code as FlowGraphProblem['code'], nodeId: body.nodeId, edgeId: body.edgeId };
}

export { findFlowGraphProblem };

import { FLOW_NODE_SECRET_FIELDS, type FlowDocument, type FlowNode, secretFlagOf } from '@chatflow/contract';

const secretsOf = (node: FlowNode) => FLOW_NODE_SECRET_FIELDS[node.type] ?? [];
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The drawing as the editor gets it: each secret of a node replaced by its `has<Field>` flag. */
export function hideNodeSecrets(doc: FlowDocument): FlowDocument {
  const nodes = doc.nodes.map((node) => {
    const fields = secretsOf(node);
    if (fields.length === 0) return node;
    const data = { ...node.data };
    for (const field of fields) {
      data[secretFlagOf(field)] = filled(data[field]);
      delete data[field];
    }
    return { ...node, data };
  });
  return { ...doc, nodes };
}

/**
 * The drawing to store: a secret the editor left absent or empty keeps the value stored on the node of
 * the same id and type (the editor never has it to send back); the flags are the server's, never stored.
 */
export function keepNodeSecrets(incoming: FlowDocument, stored: FlowDocument | null): FlowDocument {
  const before = new Map((stored?.nodes ?? []).map((n) => [n.id, n]));
  const nodes = incoming.nodes.map((node) => {
    const fields = secretsOf(node);
    if (fields.length === 0) return node;
    const previous = before.get(node.id);
    const data = { ...node.data };
    for (const field of fields) {
      delete data[secretFlagOf(field)];
      if (filled(data[field])) continue;
      const kept = previous?.type === node.type ? previous.data[field] : undefined;
      if (filled(kept)) data[field] = kept;
      else delete data[field];
    }
    return { ...node, data };
  });
  return { ...incoming, nodes };
}

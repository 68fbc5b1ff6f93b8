import { FLOW_NODE_SECRET_FIELDS, type FlowNodeType, secretFlagOf } from '@chatflow/contract';

const secretsOf = (type: string | undefined) => FLOW_NODE_SECRET_FIELDS[type as FlowNodeType] ?? [];

/**
 * A node's secrets are write-only: the editor reads `has<Field>` flags, never the keys. What a dialog
 * saves: a key typed now is kept; a field left empty drops out, its flag staying when the server holds
 * one (a save without the key keeps the stored one).
 */
export function withSecretsKept(type: FlowNodeType, before: Record<string, unknown> | null, saved: Record<string, unknown>) {
  const data = { ...saved };
  for (const field of secretsOf(type)) {
    const flag = secretFlagOf(field);
    delete data[flag];
    if (typeof data[field] === 'string' && data[field] !== '') continue;
    delete data[field];
    if (before?.[flag] === true) data[flag] = true;
  }
  return data;
}

/** A duplicate is a new node to the server: a key stored on the original does not follow it (one typed here does). */
export function withoutStoredSecrets(type: string | undefined, data: Record<string, unknown>) {
  const copy = { ...data };
  for (const field of secretsOf(type)) delete copy[secretFlagOf(field)];
  return copy;
}

/** Whether the server holds the node's `field` (the dialog then lets it stay empty). */
export const hasStoredSecret = (data: Record<string, unknown> | null | undefined, field: string) => data?.[secretFlagOf(field)] === true;

import type { FlowDocument } from '@chatflow/contract';

/** The variables a flow's questions fill (their answerKey). */
export function questionVariables(doc: FlowDocument): Set<string> {
  const keys = doc.nodes.filter((n) => n.type === 'question').map((n) => asText(n.data.answerKey).trim());
  return new Set(keys.filter(Boolean));
}

/**
 * A flow text with its {{variables}} filled from the run (question answers): `{{answerKey}}` becomes
 * the customer's answer, or empty text when that question never ran (the customer took another path):
 * the customer must never read the braces. Other names are left for the message variables ({{name}},
 * {{firstName}}, ... filled by the outbound path), so the contact's name works in flows too.
 */
export function fillFlowVariables(text: string, variables: Record<string, string>, questions: ReadonlySet<string> = new Set()): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu, (whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name];
    return questions.has(name) ? '' : whole;
  });
}

export const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * A flow text with its {{variables}} filled from the run (question answers): `{{answerKey}}` becomes
 * the customer's answer. Names the run does not know are left for the message variables ({{name}},
 * {{firstName}}, ... filled by the outbound path), so the contact's name works in flows too.
 */
export function fillFlowVariables(text: string, variables: Record<string, string>): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name] : whole,
  );
}

export const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

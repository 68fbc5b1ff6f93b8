/**
 * WhatsApp template texts (HEADER and BODY components): variables are {{1}}, {{2}} (positional) or
 * {{first_name}} (named). The server fills them to send and store; the web fills them to preview.
 */
const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variables of a text, each once, in the order they first appear (positional ones by number). */
export function templateVariables(text: string | null | undefined): string[] {
  const seen: string[] = [];
  for (const m of (text ?? '').matchAll(VARIABLE)) if (!seen.includes(m[1])) seen.push(m[1]);
  return seen.every((v) => /^\d+$/.test(v)) ? seen.sort((a, b) => Number(a) - Number(b)) : seen;
}

/** The text with each variable replaced by its value (a variable without one stays as written). */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) => (values[name] !== undefined && values[name] !== '' ? values[name] : whole));
}

/** Statuses Meta lets a business send with; any other (pending, rejected, paused, disabled) cannot be chosen. */
export const SENDABLE_TEMPLATE_STATUSES = ['APPROVED'] as const;
export const isSendableTemplate = (status: string) => (SENDABLE_TEMPLATE_STATUSES as readonly string[]).includes(status);

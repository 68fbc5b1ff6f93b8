import { fillTemplate } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type MessageTemplateRow, messageTemplates } from '../../db/schema';
import { AppError } from '../../http/errors';
import { presentTemplate } from './presenter';

/** The values a template is sent with: by variable name for the header and body, by index for URL buttons. */
export interface TemplateValues {
  header?: Record<string, string>;
  body?: Record<string, string>;
  buttons?: Record<string, string>;
}

/** What the stored message keeps: Graph's template object (the send reads it) and the buttons to show. */
export interface TemplateMessageData {
  template: { name: string; language: { code: string }; components: Record<string, unknown>[] };
  templateId: number;
  buttons: { type: string; text: string }[];
}

/** A template of the company's connection, or null. */
export async function findConnectionTemplate(db: DbOrTx, companyId: number, connectionId: number, id: number) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.companyId, companyId), eq(messageTemplates.connectionId, connectionId)));
  return row ?? null;
}

/** A template of the connection by Meta's name and language (the external API names templates so), or null. */
export async function findTemplateByName(db: DbOrTx, companyId: number, connectionId: number, name: string, language: string) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.companyId, companyId),
        eq(messageTemplates.connectionId, connectionId),
        eq(messageTemplates.name, name),
        eq(messageTemplates.language, language),
      ),
    );
  return row ?? null;
}

/** WhatsApp refuses parameters with line breaks, tabs or more than four spaces in a row (132018). */
const oneLine = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim();

/**
 * The message a template becomes: Graph's `template` object (name, language, components with their
 * text parameters, `parameter_name` on named templates, URL buttons' suffixes) and the text the
 * conversation shows, as WhatsApp shows it (header in bold, body, footer in italics). Refuses a
 * template that may not be sent (ERR_TEMPLATE_NOT_SENDABLE) and names each variable left empty.
 */
export function templateMessage(row: MessageTemplateRow, values: TemplateValues) {
  const view = presentTemplate(row);
  if (!view.sendable) throw new AppError('ERR_TEMPLATE_NOT_SENDABLE', 400);
  const header = Object.fromEntries(Object.entries(values.header ?? {}).map(([k, v]) => [k, oneLine(v)]));
  const body = Object.fromEntries(Object.entries(values.body ?? {}).map(([k, v]) => [k, oneLine(v)]));
  const buttons = Object.fromEntries(Object.entries(values.buttons ?? {}).map(([k, v]) => [k, oneLine(v)]));
  const missing = [
    ...view.variables.header.filter((v) => !header[v]).map((v) => ['header', v]),
    ...view.variables.body.filter((v) => !body[v]).map((v) => ['body', v]),
    ...view.variables.buttons.filter((i) => !buttons[i]).map((i) => ['buttons', i]),
  ];
  if (missing.length > 0)
    throw new ZodError(missing.map((path) => ({ code: 'custom' as const, path, message: 'validation.required', input: undefined })));

  const named = row.parameterFormat === 'NAMED';
  const param = (name: string, text: string) => ({ type: 'text', ...(named ? { parameter_name: name } : {}), text });
  const components: Record<string, unknown>[] = [];
  if (view.variables.header.length > 0)
    components.push({ type: 'header', parameters: view.variables.header.map((v) => param(v, header[v])) });
  if (view.variables.body.length > 0) components.push({ type: 'body', parameters: view.variables.body.map((v) => param(v, body[v])) });
  for (const index of view.variables.buttons)
    components.push({ type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: buttons[index] }] });

  const headerText = view.header?.text ? `*${fillTemplate(view.header.text, header)}*` : null;
  const text = [headerText, fillTemplate(view.body, body), view.footer ? `_${view.footer}_` : null].filter(Boolean).join('\n\n');
  const dataJson: TemplateMessageData = {
    template: { name: row.name, language: { code: row.language }, components },
    templateId: row.id,
    buttons: view.buttons.map((b) => ({ type: b.type, text: b.text })),
  };
  return { body: text, mediaType: 'templateMessage', dataJson };
}

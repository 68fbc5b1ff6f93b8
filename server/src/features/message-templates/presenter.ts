import { isSendableTemplate, type MessageTemplateView, templateVariables } from '@chatflow/contract';
import type { MessageTemplateRow } from '../../db/schema';

const MEDIA_HEADERS = ['IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'];

/** A template as the connections page and the composer show it: its parts and the variables to fill. */
export function presentTemplate(row: MessageTemplateRow): MessageTemplateView {
  const part = (type: string) => row.components.find((c) => c.type.toUpperCase() === type);
  const header = part('HEADER');
  const buttons = (part('BUTTONS')?.buttons ?? []).map((b) => ({
    type: b.type,
    text: b.text ?? '',
    url: b.url ?? null,
    phoneNumber: b.phone_number ?? null,
  }));
  const headerFormat = (header?.format ?? 'TEXT').toUpperCase();
  return {
    id: row.id,
    whatsappId: row.connectionId,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    reason: row.reason,
    // A header with a file would need the file itself at each send: not offered by this product yet.
    sendable: isSendableTemplate(row.status) && !MEDIA_HEADERS.includes(headerFormat),
    header: header ? { format: headerFormat, text: header.text ?? null } : null,
    body: part('BODY')?.text ?? '',
    footer: part('FOOTER')?.text ?? null,
    buttons,
    variables: {
      header: headerFormat === 'TEXT' ? templateVariables(header?.text) : [],
      body: templateVariables(part('BODY')?.text),
      buttons: buttons.flatMap((b, i) => (b.type.toUpperCase() === 'URL' && templateVariables(b.url).length > 0 ? [String(i)] : [])),
    },
    syncedAt: row.syncedAt.toISOString(),
  };
}

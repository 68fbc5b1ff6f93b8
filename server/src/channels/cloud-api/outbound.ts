import type { OutboundPayload } from '../types';

/**
 * The Cloud API message object (POST /{phone-number-id}/messages) of an outbound payload. Files go
 * as a media id the caller uploaded first (`mediaId`). Interactive data the product stores
 * (contract ListMessageData / InteractiveMessageData, or a template) becomes Meta's interactive
 * list, reply buttons, URL button or template; what Cloud API cannot show (copy and call buttons)
 * is sent as text carrying the code or number, so the customer still gets it.
 */
type Json = Record<string, unknown>;

const base = (to: string) => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to });
const context = (quoted?: string) => (quoted ? { context: { message_id: quoted } } : {});

/** Meta's limits on interactive texts: cut rather than have the whole message refused. */
const cut = (text: string | undefined, max: number) => (text ?? '').slice(0, max);

function listMessage(data: Json, body: string): Json | null {
  const sections = data.sections as { title: string; rows: { title: string; description?: string; rowId: string }[] }[] | undefined;
  if (!Array.isArray(sections) || sections.length === 0) return null;
  return {
    type: 'list',
    ...(data.title ? { header: { type: 'text', text: cut(String(data.title), 60) } } : {}),
    body: { text: cut(String(data.description ?? body), 4096) },
    ...(data.footerText ? { footer: { text: cut(String(data.footerText), 60) } } : {}),
    action: {
      button: cut(String(data.buttonText ?? 'Menu'), 20),
      sections: sections.map((s) => ({
        title: cut(s.title, 24),
        rows: s.rows.map((r) => ({
          id: cut(r.rowId, 200),
          title: cut(r.title, 24),
          ...(r.description ? { description: cut(r.description, 72) } : {}),
        })),
      })),
    },
  };
}

function buttonsMessage(data: Json, body: string): Json | null {
  const text = String((data.body as Json | undefined)?.text ?? body);
  const header = (data.header as Json | undefined)?.title;
  const footer = (data.footer as Json | undefined)?.text;
  const frame = {
    ...(header ? { header: { type: 'text', text: cut(String(header), 60) } } : {}),
    body: { text: cut(text, 1024) },
    ...(footer ? { footer: { text: cut(String(footer), 60) } } : {}),
  };
  const replies = data.replyButtons as { id: string; title: string }[] | undefined;
  if (Array.isArray(replies) && replies.length > 0) {
    const buttons = replies.slice(0, 3).map((b) => ({ type: 'reply', reply: { id: cut(b.id, 256), title: cut(b.title, 20) } }));
    return { type: 'button', ...frame, action: { buttons } };
  }
  const buttons = data.buttons as { name: string; display_text: string; url?: string }[] | undefined;
  const link = Array.isArray(buttons) ? buttons.find((b) => b.name === 'cta_url' && b.url) : undefined;
  if (link)
    return {
      type: 'cta_url',
      ...frame,
      action: { name: 'cta_url', parameters: { display_text: cut(link.display_text, 20), url: link.url } },
    };
  return null;
}

/** The text a button Cloud API cannot show leaves behind (the code to copy, the number to call). */
function buttonsAsText(data: Json, body: string): string {
  const buttons = (data.buttons as { display_text: string; copy_code?: string; phoneNumber?: string }[] | undefined) ?? [];
  const extra = buttons.map((b) => b.copy_code ?? b.phoneNumber).filter(Boolean);
  return [body, ...extra].join('\n');
}

export function interactiveBody(payload: Extract<OutboundPayload, { kind: 'interactive' }>): Json {
  const data = (payload.dataJson ?? {}) as Json;
  const template = data.template as Json | undefined;
  if (template?.name) {
    const language = typeof template.language === 'string' ? { code: template.language } : template.language;
    return { ...base(payload.to), type: 'template', template: { name: template.name, language, components: template.components ?? [] } };
  }
  const interactive = listMessage(data, payload.body) ?? buttonsMessage(data, payload.body);
  if (interactive) return { ...base(payload.to), type: 'interactive', interactive };
  return { ...base(payload.to), type: 'text', text: { body: buttonsAsText(data, payload.body) } };
}

/** The message object for everything but files (see mediaBody). */
export function messageBody(payload: Exclude<OutboundPayload, { kind: 'media' }>): Json {
  switch (payload.kind) {
    case 'text':
      return { ...base(payload.to), ...context(payload.quotedExternalId), type: 'text', text: { body: payload.body, preview_url: true } };
    case 'location':
      return {
        ...base(payload.to),
        type: 'location',
        location: {
          latitude: payload.latitude,
          longitude: payload.longitude,
          ...(payload.description ? { name: payload.description } : {}),
        },
      };
    case 'contact': {
      const phones = [...payload.vcard.matchAll(/^TEL[^:]*?(?:waid=(\d+))?[^:]*:(.+)$/gm)].map((m) => ({
        phone: m[2].trim(),
        ...(m[1] ? { wa_id: m[1] } : {}),
        type: 'CELL',
      }));
      return {
        ...base(payload.to),
        type: 'contacts',
        contacts: [{ name: { formatted_name: payload.displayName, first_name: payload.displayName }, phones }],
      };
    }
    case 'interactive':
      return interactiveBody(payload);
  }
}

/** A file message by uploaded media id; audio and stickers take no caption, documents keep their name. */
export function mediaBody(payload: Extract<OutboundPayload, { kind: 'media' }>, mediaId: string): Json {
  const type = payload.mediaType;
  const media: Json = { id: mediaId };
  if (payload.caption && type !== 'audio') media.caption = payload.caption;
  if (type === 'document') media.filename = payload.fileName;
  return { ...base(payload.to), ...context(payload.quotedExternalId), type, [type]: media };
}

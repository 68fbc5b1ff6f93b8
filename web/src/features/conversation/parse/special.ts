import { findPart, isObject, type Json, readJson, safeUrl, str } from './data-json';

/** Buttons of an interactive message; each shows the field it carries (spec 1 §2.6). */
export interface InteractiveButton {
  name: string;
  displayText: string;
  phoneNumber: string;
  url: string;
  copyCode: string;
}
export interface InteractiveContent {
  headerTitle: string;
  headerImage: string | null;
  body: string;
  footer: string;
  buttons: InteractiveButton[];
}

const textOf = (v: unknown) => (isObject(v) ? str(v.text) : str(v));

/** buttonParamsJson is JSON text inside the JSON; some providers store it parsed already. */
function params(button: Json): Json {
  return readJson(button.buttonParamsJson) ?? button;
}

export function parseInteractive(raw: unknown): InteractiveContent | null {
  const part = findPart(raw, 'interactiveMessage');
  if (!part) return null;
  const flow = isObject(part.nativeFlowMessage) ? part.nativeFlowMessage : part;
  const list = Array.isArray(flow.buttons) ? flow.buttons.filter(isObject) : [];
  const buttons = list.map((b) => {
    const p = params(b);
    return {
      name: str(b.name ?? p.name),
      displayText: str(p.display_text),
      phoneNumber: str(p.phone_number ?? p.phoneNumber),
      url: str(p.url),
      copyCode: str(p.copy_code),
    };
  });
  const body = textOf(part.body);
  const footer = textOf(part.footer);
  if (!body && !footer && buttons.length === 0) return null;
  const header = isObject(part.header) ? part.header : {};
  return { headerTitle: str(header.title), headerImage: imageSource(header.imageUrl), body, footer, buttons };
}

export interface ListContent {
  title: string;
  description: string;
  footerText: string;
  buttonText: string;
  sections: { title: string; rows: { title: string; description: string; rowId: string }[] }[];
}

export function parseList(raw: unknown): ListContent | null {
  const part = findPart(raw, 'listMessage');
  if (!part || !Array.isArray(part.sections)) return null;
  return {
    title: str(part.title),
    description: str(part.description),
    footerText: str(part.footerText),
    buttonText: str(part.buttonText),
    sections: part.sections.filter(isObject).map((s) => ({
      title: str(s.title),
      rows: (Array.isArray(s.rows) ? s.rows.filter(isObject) : []).map((r) => ({
        title: str(r.title),
        description: str(r.description),
        rowId: str(r.rowId),
      })),
    })),
  };
}

/** Events last two hours when the message says nothing about their end (spec 1 §2.6). */
export const EVENT_DEFAULT_SECONDS = 7200;

export interface EventContent {
  name: string;
  description: string;
  location: string;
  joinLink: string;
  start: Date | null;
  end: Date | null;
}

/** startTime is epoch seconds, as a number, a string or protobuf's { low } long. */
function epochSeconds(v: unknown): number | null {
  const n = isObject(v) ? Number(v.low) : Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function parseEvent(raw: unknown): EventContent | null {
  const part = findPart(raw, 'eventMessage');
  if (!part || !str(part.name)) return null;
  const start = epochSeconds(part.startTime);
  return {
    name: str(part.name),
    description: str(part.description),
    location: isObject(part.location) ? str(part.location.name) : str(part.location),
    joinLink: str(part.joinLink),
    start: start === null ? null : new Date(start * 1000),
    end: start === null ? null : new Date((start + EVENT_DEFAULT_SECONDS) * 1000),
  };
}

export interface PollContent {
  name: string;
  options: string[];
  selectableCount: number;
}

export function parsePoll(raw: unknown): PollContent | null {
  const part = findPart(raw, 'pollCreationMessageV3');
  if (!part || !Array.isArray(part.options)) return null;
  return {
    name: str(part.name),
    options: part.options.map((o) => (isObject(o) ? str(o.optionName) : str(o))).filter(Boolean),
    selectableCount: Number(part.selectableOptionsCount) || 0,
  };
}

/** A reaction: the emoji, read from dataJson or else from the body. */
export function parseReaction(raw: unknown, body: string): string {
  const part = findPart(raw, 'reactionMessage');
  return str(part?.text) || body;
}

export interface PixContent {
  referenceId: string;
  /** In reais: the payload carries cents. */
  total: number;
  itemName: string;
  /** A data: URL of the header thumbnail, only when it is well-formed base64. */
  thumbnail: string | null;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** An image the payload carries: a web URL, a base64 data URL, or bare base64 (a JPEG thumbnail). */
function imageSource(value: unknown): string | null {
  const text = str(value).trim();
  if (!text) return null;
  const data = /^data:image\/(png|jpe?g|gif|webp);base64,(.+)$/i.exec(text);
  if (data) return BASE64.test(data[2]) ? text : null;
  if (BASE64.test(text) && text.length > 40) return `data:image/jpeg;base64,${text}`;
  return safeUrl(text);
}

/**
 * "[PIX]" messages. Our own sends store { referenceId, totalAmount (cents), order.items, headerThumbnail }
 * (contract PixMessageData); WhatsApp's native form keeps the order in the first button's params
 * (reference_id, total_amount.value in cents) and the thumbnail in header.jpegThumbnail.
 */
export function parsePix(raw: unknown): PixContent | null {
  const part = findPart(raw, 'interactiveMessage');
  if (!part) return null;
  const flow = isObject(part.nativeFlowMessage) ? part.nativeFlowMessage : part;
  const first = Array.isArray(flow.buttons) ? flow.buttons.find(isObject) : undefined;
  const p = first && !('totalAmount' in part) ? params(first) : part;
  const rawAmount = p.totalAmount ?? p.total_amount;
  const amount = isObject(rawAmount) ? Number(rawAmount.value) : Number(rawAmount);
  if (rawAmount === undefined || rawAmount === null || rawAmount === '' || !Number.isFinite(amount)) return null;
  const order = isObject(p.order) ? p.order : null;
  const items = order && Array.isArray(order.items) ? order.items.filter(isObject) : [];
  const header = isObject(part.header) ? part.header : null;
  return {
    referenceId: str(p.referenceId ?? p.reference_id),
    total: amount / 100,
    itemName: items[0] ? str(items[0].name) : '',
    thumbnail: imageSource(part.headerThumbnail ?? header?.jpegThumbnail),
  };
}

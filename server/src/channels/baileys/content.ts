import type { proto, WAMessage } from 'baileys';
import { getContentType, normalizeMessageContent, proto as waProto } from 'baileys';

/** A media part of a message: downloaded (within the limit) before it goes to the pipeline. */
export interface MediaPart {
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  mimeType: string;
  fileName?: string;
  /** The size the sender declared, when it did (the download is bounded again as it streams). */
  declaredBytes: number | null;
}

/** What one WhatsApp message means to the product. */
export type MessageMeaning =
  | {
      type: 'message';
      mediaType: string;
      body: string;
      media?: MediaPart;
      quotedExternalId?: string;
      dataJson?: unknown;
    }
  | { type: 'edit'; externalId: string; body: string }
  | { type: 'delete'; externalId: string }
  | { type: 'ignore' };

const IGNORE = { type: 'ignore' } as const;

function textOf(content: proto.IMessage): string {
  return content.conversation ?? content.extendedTextMessage?.text ?? content.imageMessage?.caption ?? content.videoMessage?.caption ?? '';
}

/** "image|link|description": the pipe format the conversation renders a place from. */
function locationBody(loc: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage): string {
  const thumb = loc.jpegThumbnail?.length ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString('base64')}` : '';
  const link = `https://maps.google.com/maps?q=${loc.degreesLatitude}%2C${loc.degreesLongitude}&z=17&hl=pt-BR`;
  const place =
    'caption' in loc
      ? (loc.caption ?? '')
      : [(loc as proto.Message.ILocationMessage).name, (loc as proto.Message.ILocationMessage).address].filter(Boolean).join(' - ');
  return `${thumb}|${link}|${place.replace(/\|/g, ' ')}`;
}

/** A protobuf length: a number, or a Long for 64-bit values. */
const size = (n: unknown): number | null => {
  if (n == null) return null;
  return typeof n === 'number' ? n : (n as { toNumber(): number }).toNumber();
};

function mediaOf(content: proto.IMessage): { media: MediaPart; body: string } | null {
  if (content.imageMessage) {
    const m = content.imageMessage;
    return { media: { kind: 'image', mimeType: m.mimetype ?? 'image/jpeg', declaredBytes: size(m.fileLength) }, body: m.caption ?? '' };
  }
  if (content.videoMessage) {
    const m = content.videoMessage;
    return { media: { kind: 'video', mimeType: m.mimetype ?? 'video/mp4', declaredBytes: size(m.fileLength) }, body: m.caption ?? '' };
  }
  if (content.audioMessage) {
    const m = content.audioMessage;
    return { media: { kind: 'audio', mimeType: m.mimetype ?? 'audio/ogg', declaredBytes: size(m.fileLength) }, body: '' };
  }
  if (content.stickerMessage) {
    const m = content.stickerMessage;
    return { media: { kind: 'sticker', mimeType: m.mimetype ?? 'image/webp', declaredBytes: size(m.fileLength) }, body: '' };
  }
  if (content.documentMessage) {
    const m = content.documentMessage;
    const fileName = m.fileName ?? m.title ?? undefined;
    return {
      media: { kind: 'document', mimeType: m.mimetype ?? 'application/octet-stream', fileName, declaredBytes: size(m.fileLength) },
      body: m.caption || fileName || '',
    };
  }
  return null;
}

function quotedOf(content: proto.IMessage, type: keyof proto.IMessage | undefined): string | undefined {
  const part = type ? (content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined) : undefined;
  const id = part && typeof part === 'object' && 'contextInfo' in part ? part.contextInfo?.stanzaId : undefined;
  return id ?? undefined;
}

/**
 * Reads a Baileys message (after unwrapping ephemeral, view-once, edited and captioned-document
 * envelopes) into what the product stores: a message of one of the contract's kinds, an edit or a
 * deletion of an earlier message, or nothing (receipts, key distributions, stubs).
 */
export function meaningOf(msg: WAMessage): MessageMeaning {
  const content = normalizeMessageContent(msg.message);
  if (!content) return IGNORE;
  const type = getContentType(content);
  const quotedExternalId = quotedOf(content, type);
  const withQuote = quotedExternalId ? { quotedExternalId } : {};

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return IGNORE;
    if (protocol.type === waProto.Message.ProtocolMessage.Type.REVOKE) return { type: 'delete', externalId: target };
    if (protocol.type === waProto.Message.ProtocolMessage.Type.MESSAGE_EDIT && protocol.editedMessage) {
      return { type: 'edit', externalId: target, body: textOf(normalizeMessageContent(protocol.editedMessage) ?? {}) };
    }
    return IGNORE;
  }

  const media = mediaOf(content);
  if (media) return { type: 'message', mediaType: media.media.kind, body: media.body, media: media.media, ...withQuote };
  if (content.conversation != null) return { type: 'message', mediaType: 'conversation', body: content.conversation, ...withQuote };
  if (content.extendedTextMessage) {
    return { type: 'message', mediaType: 'extendedTextMessage', body: content.extendedTextMessage.text ?? '', ...withQuote };
  }
  const location = content.locationMessage ?? content.liveLocationMessage;
  if (location) return { type: 'message', mediaType: 'locationMessage', body: locationBody(location), ...withQuote };
  if (content.contactMessage) {
    return { type: 'message', mediaType: 'contactMessage', body: content.contactMessage.vcard ?? '', ...withQuote };
  }
  if (content.contactsArrayMessage) {
    const cards = (content.contactsArrayMessage.contacts ?? []).map((c) => c.vcard ?? '').filter(Boolean);
    return { type: 'message', mediaType: 'contactMessage', body: cards.join('\n'), ...withQuote };
  }
  if (content.reactionMessage) {
    const r = content.reactionMessage;
    // An emptied reaction takes a reaction back: nothing to show.
    if (!r.text || !r.key?.id) return IGNORE;
    return { type: 'message', mediaType: 'reactionMessage', body: r.text, quotedExternalId: r.key.id };
  }
  // Replies to lists and buttons are text the customer chose; the id chosen travels in dataJson.
  if (content.listResponseMessage) {
    const r = content.listResponseMessage;
    const body = r.title ?? r.description ?? '';
    return {
      type: 'message',
      mediaType: 'conversation',
      body,
      dataJson: { selectedRowId: r.singleSelectReply?.selectedRowId ?? null },
      ...withQuote,
    };
  }
  if (content.buttonsResponseMessage) {
    const r = content.buttonsResponseMessage;
    return {
      type: 'message',
      mediaType: 'conversation',
      body: r.selectedDisplayText ?? '',
      dataJson: { selectedButtonId: r.selectedButtonId ?? null },
      ...withQuote,
    };
  }
  if (content.templateButtonReplyMessage) {
    const r = content.templateButtonReplyMessage;
    return {
      type: 'message',
      mediaType: 'conversation',
      body: r.selectedDisplayText ?? '',
      dataJson: { selectedButtonId: r.selectedId ?? null },
      ...withQuote,
    };
  }
  if (content.interactiveResponseMessage) {
    const r = content.interactiveResponseMessage;
    const params = r.nativeFlowResponseMessage?.paramsJson;
    return {
      type: 'message',
      mediaType: 'conversation',
      body: r.body?.text ?? '',
      ...(params ? { dataJson: { params } } : {}),
      ...withQuote,
    };
  }
  const poll = content.pollCreationMessageV3 ?? content.pollCreationMessage ?? content.pollCreationMessageV2;
  if (poll) {
    const options = (poll.options ?? []).map((o) => o.optionName ?? '');
    return { type: 'message', mediaType: 'pollCreationMessageV3', body: poll.name ?? '', dataJson: { options }, ...withQuote };
  }
  if (content.eventMessage) {
    return { type: 'message', mediaType: 'eventMessage', body: content.eventMessage.name ?? '', ...withQuote };
  }
  return IGNORE;
}

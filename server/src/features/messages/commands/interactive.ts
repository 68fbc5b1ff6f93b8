import { randomBytes } from 'node:crypto';
import type {
  CallMessageInput,
  CopyMessageInput,
  InteractiveButton,
  InteractiveMessageData,
  ListMessageData,
  ListMessageInput,
  MessageView,
  PixMessageData,
  PixMessageInput,
  UrlMessageInput,
} from '@chatflow/contract';
import type { TicketRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { sniffFileType } from '../../../media';
import { assertWritable } from '../compose';
import { assertCustomerWindow } from '../customer-window';
import { storeMedia } from '../media';
import { presentOne } from '../presenter';
import { createOutboundMessage } from '../service';

const HEADER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

async function send(
  ctx: RequestContext,
  ticket: TicketRow,
  content: { body: string; mediaType: string; dataJson: unknown },
): Promise<MessageView> {
  assertWritable(ticket);
  await assertCustomerWindow(ctx.db, ticket);
  const row = await ctx.transaction((tx) => createOutboundMessage(tx, ctx, { ticket, userId: ctx.user.id, ...content }));
  return presentOne(ctx.db, ticket, row);
}

/** POST /messages/lista/:ticketId: a list message (spec 1 §2.6 listMessage). */
export function sendListMessage(ctx: RequestContext, ticket: TicketRow, input: ListMessageInput) {
  const dataJson: ListMessageData = {
    title: input.title,
    description: input.text,
    footerText: input.footer,
    buttonText: input.buttonText,
    sections: input.sections.map((s) => ({
      title: s.title,
      rows: s.rows.map((r) => ({ title: r.title, description: r.description, rowId: r.rowId })),
    })),
  };
  return send(ctx, ticket, { body: input.text, mediaType: 'listMessage', dataJson });
}

/** The optional header image, base64 (a data URL is accepted); its type comes from its bytes. */
async function storeHeaderImage(ctx: RequestContext, image: string | null | undefined): Promise<string | null> {
  const raw = image?.replace(/^data:[^;,]*;base64,/, '').trim();
  if (!raw) return null;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(raw)) throw new AppError('ERR_INVALID_FILE', 400);
  const data = Buffer.from(raw, 'base64');
  const type = data.length ? await sniffFileType(data) : undefined;
  if (!type || !HEADER_IMAGE_TYPES.includes(type.mime)) throw new AppError('ERR_INVALID_FILE', 400);
  return storeMedia(ctx.config, ctx.companyId, data, type.ext);
}

type ButtonInput = CopyMessageInput | CallMessageInput | UrlMessageInput;

/** Copia, Me Ligue and URL: one call-to-action button (spec 1 §2.6 interactiveMessage). */
export async function sendButtonMessage(ctx: RequestContext, ticket: TicketRow, input: ButtonInput, button: InteractiveButton) {
  assertWritable(ticket);
  await assertCustomerWindow(ctx.db, ticket);
  const dataJson: InteractiveMessageData = {
    header: { title: input.title, imageUrl: await storeHeaderImage(ctx, input.image) },
    body: { text: input.description },
    footer: { text: input.footer },
    buttons: [button],
  };
  return send(ctx, ticket, { body: input.description, mediaType: 'interactiveMessage', dataJson });
}

export const copyButton = (i: CopyMessageInput): InteractiveButton => ({
  name: 'cta_copy',
  display_text: i.buttonText,
  copy_code: i.copyText,
});
export const callButton = (i: CallMessageInput): InteractiveButton => ({
  name: 'cta_call',
  display_text: i.buttonText,
  phoneNumber: i.phoneNumber,
});
export const urlButton = (i: UrlMessageInput): InteractiveButton => ({ name: 'cta_url', display_text: i.buttonText, url: i.url });

/** Spec 1 §5: a PHONE key gets +55 when it lacks it; formatting characters are dropped. */
export function normalizePixKey(type: PixMessageInput['sendkey_type'], key: string): string {
  if (type !== 'PHONE') return key.trim();
  if (key.trim().startsWith('+55')) return `+${key.replace(/\D/g, '')}`;
  return `+55${key.replace(/\D/g, '')}`;
}

export const formatReais = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

/** POST /messages/PIX/:id: a payment request; the body starts with [PIX] (spec 1 §2.6). */
export function sendPixMessage(ctx: RequestContext, ticket: TicketRow, input: PixMessageInput) {
  const key = normalizePixKey(input.sendkey_type, input.sendKey);
  const amount = formatReais(input.sendvalue);
  const dataJson: PixMessageData = {
    header: { title: input.title, imageUrl: null },
    body: { text: `${input.sendmerchant_name} - ${amount}` },
    footer: { text: `${input.sendkey_type}: ${key}` },
    // The customer's app pays by pasting the key; the button's label is part of the message itself.
    buttons: [{ name: 'cta_copy', display_text: 'Copiar chave PIX', copy_code: key }],
    referenceId: randomBytes(6).toString('hex').toUpperCase(),
    totalAmount: input.sendvalue,
    currency: 'BRL',
    order: { items: [{ name: input.title, amount: input.sendvalue }] },
    headerThumbnail: null,
    pixKey: { key, keyType: input.sendkey_type, merchantName: input.sendmerchant_name },
  };
  const body = `[PIX] ${input.title} - ${amount}\n${input.sendmerchant_name}\n${input.sendkey_type}: ${key}`;
  return send(ctx, ticket, { body, mediaType: 'interactiveMessage', dataJson });
}

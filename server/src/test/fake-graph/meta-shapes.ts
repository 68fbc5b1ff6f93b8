import { randomBytes } from 'node:crypto';
import { type FakeGraph, type GraphCall, graphError, newMid, newWamid } from './server';

/**
 * The Graph calls the product makes, answered in Meta's documented shapes (Cloud API
 * /messages and /media, media URLs and downloads; Pages /accounts and /subscribed_apps; the
 * Messenger Send API and user profile). Each checks the token, as Graph does (190 otherwise).
 */
export const checkToken = (call: GraphCall, token: string) =>
  call.token === token ? null : graphError(401, 190, 'Invalid OAuth access token.');

/** The WhatsApp numbers each fake knows, with the tokens that may see each (its business's system users'). */
const numberOwners = new WeakMap<FakeGraph, Map<string, Set<string>>>();
/** Every token a fake knows: any other is not a token at all to Graph (190). */
const knownTokens = new WeakMap<FakeGraph, Set<string>>();

/**
 * A WhatsApp Business phone number `token` may use: GET /{phone-number-id} answers the number to its
 * owners' tokens, as Graph does; another valid token gets Graph's answer for an object it may not see
 * (400, code 100, subcode 33), an unknown one 401 code 190. Called again, it adds an owner's token.
 */
export function ownCloudNumber(
  fake: FakeGraph,
  phoneNumberId: string,
  token: string,
  number = { display: '+55 11 3000-0000', name: 'Empresa' },
) {
  const owners = numberOwners.get(fake) ?? new Map<string, Set<string>>();
  numberOwners.set(fake, owners);
  const tokens = knownTokens.get(fake) ?? new Set<string>();
  knownTokens.set(fake, tokens.add(token));
  const ownersOfThis = owners.get(phoneNumberId);
  if (ownersOfThis) {
    ownersOfThis.add(token);
    return;
  }
  owners.set(phoneNumberId, new Set([token]));
  fake.on('GET', `/${phoneNumberId}`, (call) => {
    if (!call.token || !tokens.has(call.token)) return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (!owners.get(phoneNumberId)?.has(call.token))
      return graphError(
        400,
        100,
        `Unsupported get request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        33,
      );
    const fields = (call.query.fields ?? '').split(',');
    return {
      json: {
        ...(fields.includes('display_phone_number') ? { display_phone_number: number.display } : {}),
        ...(fields.includes('verified_name') ? { verified_name: number.name } : {}),
        id: phoneNumberId,
      },
    };
  });
}

/** A WhatsApp Business phone number: `token` owns it; sends answer a fresh wamid; uploads a fresh media id. */
export function serveCloudNumber(fake: FakeGraph, phoneNumberId: string, token: string) {
  ownCloudNumber(fake, phoneNumberId, token);
  fake.on('POST', `/${phoneNumberId}/messages`, (call) => {
    const denied = checkToken(call, token);
    if (denied) return denied;
    const to = String(call.json?.to ?? '');
    if (call.json?.status === 'read') return { json: { success: true } };
    return { json: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: newWamid() }] } };
  });
  fake.on(
    'POST',
    `/${phoneNumberId}/media`,
    (call) => checkToken(call, token) ?? { json: { id: `${Date.now()}${randomBytes(3).toString('hex')}` } },
  );
}

/** A received file: GET /{media-id} answers its URL, the URL (same token) answers the bytes. */
export function serveCloudMedia(fake: FakeGraph, token: string, mediaId: string, data: Buffer, mimeType: string) {
  fake.on(
    'GET',
    `/${mediaId}`,
    (call) =>
      checkToken(call, token) ?? {
        json: {
          messaging_product: 'whatsapp',
          url: `${fake.cdnUrl}/whatsapp_business/attachments/?mid=${mediaId}`,
          mime_type: mimeType,
          sha256: 'fake',
          file_size: data.length,
          id: mediaId,
        },
      },
  );
  fake.on('GET', /^\/cdn\/whatsapp_business\/attachments\/$/, (call) => {
    if (call.query.mid !== mediaId) return graphError(404, 100, 'unknown media');
    return checkToken(call, token) ?? { body: data, contentType: mimeType };
  });
}

export interface FakePage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username: string };
}

/** GET /{user-id}/accounts with the user token, and each page's POST /subscribed_apps. */
export function serveUserPages(fake: FakeGraph, userId: string, userToken: string, pages: FakePage[]) {
  fake.on(
    'GET',
    `/${userId}/accounts`,
    (call) => checkToken(call, userToken) ?? { json: { data: pages, paging: { cursors: { before: 'QVFIUk', after: 'QVFIUl' } } } },
  );
  for (const page of pages)
    fake.on('POST', `/${page.id}/subscribed_apps`, (call) => checkToken(call, page.access_token) ?? { json: { success: true } });
}

/** Page tokens each fake knows: `/me` is whichever page the token belongs to, as on Graph. */
const pageTokens = new WeakMap<FakeGraph, Set<string>>();

/** A page's Send API (POST /me/messages) and the profile of its customers (GET /{psid}). */
export function servePageMessaging(fake: FakeGraph, pageToken: string, people: Record<string, string> = {}) {
  const tokens = pageTokens.get(fake) ?? new Set<string>();
  pageTokens.set(fake, tokens.add(pageToken));
  fake.on('POST', '/me/messages', (call) => {
    if (!call.token || !tokens.has(call.token)) return graphError(401, 190, 'Invalid OAuth access token.');
    const recipient = call.json ? (call.json.recipient as { id: string }) : JSON.parse(String(call.form?.recipient ?? '{}'));
    return { json: { recipient_id: recipient.id, message_id: newMid() } };
  });
  for (const [psid, name] of Object.entries(people))
    fake.on('GET', `/${psid}`, (call) => checkToken(call, pageToken) ?? { json: { name, id: psid } });
}

/** A Messenger attachment on the CDN (fetched without a token, as Meta's signed URLs are). */
export function serveCdnFile(fake: FakeGraph, name: string, data: Buffer, contentType: string): string {
  fake.on('GET', `/cdn/${name}`, () => ({ body: data, contentType }));
  return `${fake.cdnUrl}/${name}`;
}

/** A template as GET /{waba-id}/message_templates lists it (fields id,name,language,status,category,parameter_format,components). */
export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: Record<string, unknown>[];
}

/**
 * A business account's templates (GET /{waba-id}/message_templates), `pageSize` a page with Graph's
 * cursor paging: `paging.cursors.after` on every page, `paging.next` only while a page follows. The
 * list is the array given, so a test may change it between syncs.
 */
export function serveMessageTemplates(fake: FakeGraph, wabaId: string, token: string, templates: FakeTemplate[], pageSize = 2) {
  fake.on('GET', `/${wabaId}/message_templates`, (call) => {
    const denied = checkToken(call, token);
    if (denied) return denied;
    const limit = Math.min(Number(call.query.limit ?? 25), pageSize);
    const start = call.query.after ? Number(Buffer.from(call.query.after, 'base64url').toString()) : 0;
    const data = templates.slice(start, start + limit);
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    const more = start + limit < templates.length;
    const next = `${fake.baseUrl}/${wabaId}/message_templates?limit=${limit}&after=${cursor(start + limit)}`;
    return {
      json: { data, paging: { cursors: { before: cursor(start), after: cursor(start + data.length) }, ...(more ? { next } : {}) } },
    };
  });
}

import { checkToken, ownCloudNumber } from './meta-shapes';
import { type FakeGraph, type GraphCall, graphError, type GraphReply } from './server';

/**
 * Meta's login on the fake Graph, in the shapes of Meta's documentation: the token exchanges of
 * GET /oauth/access_token (a short-lived user token for a long-lived one, `grant_type=fb_exchange_token`;
 * Embedded Signup's code for a business token, `code`), both authenticated by the app's id and secret
 * in the query; a login's pages (GET /{user-id}/accounts), each page's POST /subscribed_apps; and a
 * business customer's number: POST /{phone-number-id}/register and POST /{waba-id}/subscribed_apps
 * (and its still empty GET /{waba-id}/message_templates).
 */
export interface FakeMetaApp {
  appId: string;
  appSecret: string;
}

export interface FakeLoginPage {
  id: string;
  name: string;
  /** The long-lived page token (what a long-lived user token reads); a short-lived user token reads `${access_token}-short`. */
  access_token: string;
  instagram_business_account?: { id: string; username: string };
}

interface Exchanges {
  app: FakeMetaApp;
  userTokens: Map<string, string>;
  codes: Map<string, string>;
}
const exchanges = new WeakMap<FakeGraph, Exchanges>();

/** Seconds a long-lived user token lives, as Meta answers (about 60 days). */
const LONG_LIVED_SECONDS = 5_183_944;

function exchangeRoute(fake: FakeGraph, app: FakeMetaApp): Exchanges {
  const known = exchanges.get(fake);
  if (known) {
    known.app = app;
    return known;
  }
  const state: Exchanges = { app, userTokens: new Map(), codes: new Map() };
  exchanges.set(fake, state);
  fake.on('GET', '/oauth/access_token', (call: GraphCall): GraphReply => {
    const q = call.query;
    if (q.client_id !== state.app.appId) return graphError(400, 101, 'Error validating application. Invalid application ID.');
    if (q.client_secret !== state.app.appSecret) return graphError(400, 1, 'Error validating client secret.');
    if (q.grant_type === 'fb_exchange_token') {
      const long = state.userTokens.get(q.fb_exchange_token ?? '');
      if (!long) return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return { json: { access_token: long, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS } };
    }
    const business = state.codes.get(q.code ?? '');
    if (!business) return graphError(400, 100, 'Invalid verification code format.', 36007);
    return { json: { access_token: business, token_type: 'bearer' } };
  });
  return state;
}

/**
 * A Facebook login: the user's short-lived token exchanges (once the app's id and secret are right)
 * for `longToken`; both list the user's pages, with short-lived page tokens for the short one, as
 * Graph does; each page's subscription takes its long-lived token only.
 */
export function serveFacebookLogin(
  fake: FakeGraph,
  login: { app: FakeMetaApp; userId: string; shortToken: string; longToken: string; pages: FakeLoginPage[] },
) {
  exchangeRoute(fake, login.app).userTokens.set(login.shortToken, login.longToken);
  fake.on('GET', `/${login.userId}/accounts`, (call) => {
    const short = call.token === login.shortToken;
    if (!short && call.token !== login.longToken) return graphError(401, 190, 'Invalid OAuth access token.');
    const data = login.pages.map((p) => ({ ...p, access_token: short ? `${p.access_token}-short` : p.access_token }));
    return { json: { data, paging: { cursors: { before: 'QVFIUk', after: 'QVFIUl' } } } };
  });
  for (const page of login.pages)
    fake.on('POST', `/${page.id}/subscribed_apps`, (call) => checkToken(call, page.access_token) ?? { json: { success: true } });
}

/**
 * A finished Embedded Signup: `code` exchanges for `token`, which owns the phone number (GET
 * /{phone-number-id}); the number registers with a six-digit PIN and the business account takes the
 * app's webhook subscription, each with that token only.
 */
export function serveEmbeddedSignup(
  fake: FakeGraph,
  signup: { app: FakeMetaApp; code: string; token: string; wabaId: string; phoneNumberId: string; display?: string; verifiedName?: string },
) {
  exchangeRoute(fake, signup.app).codes.set(signup.code, signup.token);
  ownCloudNumber(fake, signup.phoneNumberId, signup.token, {
    display: signup.display ?? '+55 11 4000-0000',
    name: signup.verifiedName ?? 'Loja Exemplo',
  });
  fake.on('POST', `/${signup.phoneNumberId}/register`, (call) => {
    const denied = checkToken(call, signup.token);
    if (denied) return denied;
    if (call.json?.messaging_product !== 'whatsapp' || !/^\d{6}$/.test(String(call.json?.pin ?? '')))
      return graphError(400, 100, '(#100) Invalid parameter');
    return { json: { success: true } };
  });
  fake.on('POST', `/${signup.wabaId}/subscribed_apps`, (call) => checkToken(call, signup.token) ?? { json: { success: true } });
  // A business account fresh from the signup has no message templates yet (what a template sync on connect reads).
  fake.on(
    'GET',
    `/${signup.wabaId}/message_templates`,
    (call) => checkToken(call, signup.token) ?? { json: { data: [], paging: { cursors: {} } } },
  );
}

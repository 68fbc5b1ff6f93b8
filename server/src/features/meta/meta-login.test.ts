import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { signatureOf } from '../../channels/graph/signature';
import { connections } from '../../db/schema';
import { serveEmbeddedSignup, serveFacebookLogin, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { accountId } from './testing';
import { signedByMetaApp } from './webhook-secret';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });
const APP = { appId: '1234567890123', appSecret: 'meta-app-secret-for-tests' };
const CONFIG_ID = '987654321098';

async function setGlobal(key: string, value: string) {
  const api = await t.as(await t.factory.superUser());
  expect((await api.put(`/settings/${key}`, { value })).statusCode).toBe(200);
}

function facebookLogin() {
  const userId = accountId();
  const page = {
    id: accountId(),
    name: `Loja ${userId}`,
    access_token: `PAGE-LONG-${userId}`,
    instagram_business_account: { id: accountId(), username: `loja${userId}` },
  };
  const other = { id: accountId(), name: `Blog ${userId}`, access_token: `PAGE2-LONG-${userId}` };
  const login = { app: APP, userId, shortToken: `SHORT-${userId}`, longToken: `LONG-${userId}`, pages: [page, other] };
  serveFacebookLogin(graph.fake, login);
  return { ...login, page, other };
}

function embeddedSignupResult() {
  const signup = { app: APP, code: `CODE-${accountId()}`, token: `BIZ-${accountId()}`, wabaId: accountId(), phoneNumberId: accountId() };
  serveEmbeddedSignup(graph.fake, { ...signup, display: '+55 11 4000-1234', verifiedName: 'Loja Exemplo' });
  return signup;
}

describe('before the operator sets the Meta app', () => {
  test('login settings name what is missing; Embedded Signup is refused without calling Meta', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const settings = await api.get('/meta/login-settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({
      appId: '',
      graphVersion: 'v13.0',
      embeddedSignupConfigId: '',
      facebookReady: false,
      embeddedSignupReady: false,
      missing: ['appId', 'embeddedSignupConfigId'],
    });
    const signup = await api.post('/meta/embedded-signup', { code: 'x', wabaId: '1', phoneNumberId: '2', pin: '123456' });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error).toBe('ERR_META_NOT_CONFIGURED');
    expect(graph.fake.callsTo('GET', '/oauth/access_token')).toHaveLength(0);
  });
});

describe('with the Meta app set by the operator', () => {
  test('login settings carry the public ids and version, never the secret; a profile user without allowConnections is refused', async () => {
    await setGlobal('metaAppId', APP.appId);
    await setGlobal('metaAppSecret', APP.appSecret);
    await setGlobal('metaEmbeddedSignupConfigId', CONFIG_ID);
    await setGlobal('metaGraphVersion', 'v21.0');
    const admin = await t.factory.admin();
    const res = await (await t.as(admin)).get('/meta/login-settings');
    expect(res.json()).toEqual({
      appId: APP.appId,
      graphVersion: 'v21.0',
      embeddedSignupConfigId: CONFIG_ID,
      facebookReady: true,
      embeddedSignupReady: true,
      missing: [],
    });
    expect(res.body).not.toContain(APP.appSecret);
    const user = await t.factory.user({ companyId: admin.companyId, profile: 'user' });
    expect((await (await t.as(user)).get('/meta/login-settings')).statusCode).toBe(403);
    const allowed = await t.factory.user({ companyId: admin.companyId, profile: 'user', allowConnections: 'enabled' });
    expect((await (await t.as(allowed)).get('/meta/login-settings')).statusCode).toBe(200);
  });

  test('the page chooser lists the login’s pages without tokens; connecting the chosen one stores long-lived tokens and subscribes it', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const login = facebookLogin();
    const pages = await api.post('/facebook/pages', { facebookUserId: login.userId, facebookUserToken: login.shortToken });
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.json()).toEqual([
      {
        id: login.page.id,
        name: login.page.name,
        instagram: { id: login.page.instagram_business_account.id, username: `@${login.page.instagram_business_account.username}` },
        connected: [],
      },
      { id: login.other.id, name: login.other.name, instagram: null, connected: [] },
    ]);
    expect(pages.body).not.toContain('PAGE');

    const res = await api.post('/facebook', {
      facebookUserId: login.userId,
      facebookUserToken: login.shortToken,
      addInstagram: true,
      pageIds: [login.page.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((c: { channel: string }) => c.channel)).toEqual(['facebook', 'instagram']);
    const [exchange] = graph.fake.callsTo('GET', '/oauth/access_token').filter((c) => c.query.fb_exchange_token === login.shortToken);
    expect(exchange.query).toMatchObject({ grant_type: 'fb_exchange_token', client_id: APP.appId, client_secret: APP.appSecret });
    expect(exchange.token).toBeNull();
    const rows = await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId));
    expect(rows.map((r) => [r.channel, r.tokenMeta, r.facebookUserToken]).sort()).toEqual(
      [
        ['facebook', login.page.access_token, login.longToken],
        ['instagram', login.page.access_token, login.longToken],
      ].sort(),
    );
    expect(graph.fake.callsTo('POST', `/${login.page.id}/subscribed_apps`)).toHaveLength(1);
    expect(graph.fake.callsTo('POST', `/${login.other.id}/subscribed_apps`)).toHaveLength(0);
    // The chooser now marks what this company has; another company sees the page free (it would be refused on connect).
    const again = await api.post('/facebook/pages', { facebookUserId: login.userId, facebookUserToken: login.shortToken });
    expect(again.json()[0].connected).toEqual(['facebook', 'instagram']);
    const stranger = await t.as(await t.factory.admin());
    const theirs = await stranger.post('/facebook/pages', { facebookUserId: login.userId, facebookUserToken: login.shortToken });
    expect(theirs.json()[0].connected).toEqual([]);
    const taken = await stranger.post('/facebook', {
      facebookUserId: login.userId,
      facebookUserToken: login.shortToken,
      pageIds: [login.page.id],
    });
    expect(taken.json().error).toBe('ERR_META_ACCOUNT_IN_USE');
  });

  test('a page the login does not manage is 404; a token Meta refuses is ERR_META_GRAPH; a profile user is 403', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const login = facebookLogin();
    const unknownPage = await api.post('/facebook', { facebookUserId: login.userId, facebookUserToken: login.shortToken, pageIds: ['42'] });
    expect(unknownPage.statusCode).toBe(404);
    expect(graph.fake.callsTo('POST', /\/subscribed_apps$/).filter((c) => c.token?.includes(login.userId))).toHaveLength(0);
    const refused = await api.post('/facebook/pages', { facebookUserId: login.userId, facebookUserToken: 'EXPIRED' });
    expect(refused.json().error).toBe('ERR_META_GRAPH');
    const user = await t.factory.user({ companyId: admin.companyId, profile: 'user' });
    const asUser = await (await t.as(user)).post('/facebook/pages', { facebookUserId: login.userId, facebookUserToken: login.shortToken });
    expect(asUser.statusCode).toBe(403);
  });

  test('Embedded Signup: the code becomes the business token, the number is checked, registered, the WABA subscribed, the connection created', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const s = embeddedSignupResult();
    const res = await api.post('/meta/embedded-signup', { code: s.code, wabaId: s.wabaId, phoneNumberId: s.phoneNumberId, pin: '246810' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Loja Exemplo +55 11 4000-1234', channel: 'whatsappapi' });
    expect(res.body).not.toContain(s.token);
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(and(eq(connections.companyId, admin.companyId), eq(connections.id, res.json().id)));
    expect([row.channel, row.provider, row.facebookPageUserId, row.wabaId, row.tokenMeta]).toEqual([
      'whatsappapi',
      'whatsappapi',
      s.phoneNumberId,
      s.wabaId,
      s.token,
    ]);
    const [exchange] = graph.fake.callsTo('GET', '/oauth/access_token').filter((c) => c.query.code === s.code);
    expect(exchange.query).toMatchObject({ client_id: APP.appId, client_secret: APP.appSecret });
    const [register] = graph.fake.callsTo('POST', `/${s.phoneNumberId}/register`);
    expect([register.token, register.json]).toEqual([s.token, { messaging_product: 'whatsapp', pin: '246810' }]);
    expect(graph.fake.callsTo('POST', `/${s.wabaId}/subscribed_apps`).map((c) => c.token)).toEqual([s.token]);
    const view = await api.get(`/whatsapp/${row.id}`);
    expect(view.body).not.toContain(s.token);
  });

  test('Embedded Signup refuses a number the token does not own before registering it, and a code Meta does not know', async () => {
    const api = await t.as(await t.factory.admin());
    const s = embeddedSignupResult();
    const other = embeddedSignupResult();
    const foreign = await api.post('/meta/embedded-signup', {
      code: s.code,
      wabaId: s.wabaId,
      phoneNumberId: other.phoneNumberId,
      pin: '111111',
    });
    expect([foreign.statusCode, foreign.json().error]).toEqual([400, 'ERR_META_NUMBER_NOT_OWNED']);
    expect(graph.fake.callsTo('POST', `/${other.phoneNumberId}/register`)).toHaveLength(0);
    const badCode = await api.post('/meta/embedded-signup', {
      code: 'NOPE',
      wabaId: s.wabaId,
      phoneNumberId: s.phoneNumberId,
      pin: '111111',
    });
    expect(badCode.json().error).toBe('ERR_META_GRAPH');
    const badPin = await api.post('/meta/embedded-signup', { code: s.code, wabaId: s.wabaId, phoneNumberId: s.phoneNumberId, pin: '12' });
    expect(badPin.statusCode).toBe(400);
  });

  test('a profile user without allowConnections cannot sign up; the super user signs up into the company he shows', async () => {
    const admin = await t.factory.admin();
    const user = await t.factory.user({ companyId: admin.companyId, profile: 'user' });
    const s = embeddedSignupResult();
    const body = { code: s.code, wabaId: s.wabaId, phoneNumberId: s.phoneNumberId, pin: '135791' };
    expect((await (await t.as(user)).post('/meta/embedded-signup', body)).statusCode).toBe(403);
    // Another company's admin cannot act on this company through ?companyId=.
    expect((await (await t.as(await t.factory.admin())).post(`/meta/embedded-signup?companyId=${admin.companyId}`, body)).statusCode).toBe(
      403,
    );
    const operator = await t.as(await t.factory.superUser());
    const res = await operator.post(`/meta/embedded-signup?companyId=${admin.companyId}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(connections).where(eq(connections.id, res.json().id));
    expect(row.companyId).toBe(admin.companyId);
  });

  test('a webhook signed with the operator’s saved app secret is accepted when META_APP_SECRET signs nothing else', async () => {
    const body = JSON.stringify({ object: 'page', entry: [] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, APP.appSecret) },
    });
    expect(res.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, 'not-the-secret') },
    });
    expect(forged.statusCode).toBe(401);
  });

  test('the saved secret is read once for many signed deliveries, again on a mismatch or after a minute', async () => {
    let reads = 0;
    const db = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key === 'select') reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const deps = { db, config: t.config, clock: t.clock };
    const body = Buffer.from(JSON.stringify({ object: 'page', entry: [] }));
    for (let i = 0; i < 3; i++) expect(await signedByMetaApp(deps, body, signatureOf(body, APP.appSecret))).toBe(true);
    expect(reads).toBe(1);
    // A new secret saved (here or on another process) is picked up by the first delivery it signs.
    await setGlobal('metaAppSecret', 'a-new-meta-app-secret');
    expect(await signedByMetaApp(deps, body, signatureOf(body, 'a-new-meta-app-secret'))).toBe(true);
    expect(reads).toBe(2);
    expect(await signedByMetaApp(deps, body, signatureOf(body, APP.appSecret))).toBe(false);
    expect(await signedByMetaApp(deps, body, undefined)).toBe(false);
    expect(reads).toBe(3);
    // Remembered for a minute only.
    t.clock.set(new Date());
    expect(await signedByMetaApp(deps, body, signatureOf(body, 'a-new-meta-app-secret'))).toBe(true);
    const before = reads;
    t.clock.advanceMinutes(2);
    expect(await signedByMetaApp(deps, body, signatureOf(body, 'a-new-meta-app-secret'))).toBe(true);
    expect(reads).toBe(before + 1);
    t.clock.reset();
    await setGlobal('metaAppSecret', APP.appSecret);
  });
});

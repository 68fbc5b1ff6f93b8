import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { connections, contacts, messages, plans, tickets } from '../../db/schema';
import { graphError, serveCdnFile, servePageMessaging, serveUserPages, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { TINY_PNG } from '../../test/simulator';
import { accountId, messagingDelivery, metaConnection, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

function loginPages() {
  const userId = accountId();
  const page = {
    id: accountId(),
    name: `Loja ${userId}`,
    access_token: `PAGE-${userId}`,
    instagram_business_account: { id: accountId(), username: `loja${userId}` },
  };
  const bare = { id: accountId(), name: `Blog ${userId}`, access_token: `PAGE2-${userId}` };
  serveUserPages(graph.fake, userId, `USER-${userId}`, [page, bare]);
  return { userId, userToken: `USER-${userId}`, page, bare };
}

describe('POST /facebook', () => {
  test('creates one facebook connection per page and an instagram one per linked account, subscribing each page', async () => {
    const admin = await t.factory.admin();
    const { userId, userToken, page, bare } = loginPages();
    const res = await (await t.as(admin)).post('/facebook', { facebookUserId: userId, facebookUserToken: userToken, addInstagram: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(Number), name: page.name, channel: 'facebook', created: true },
      { id: expect.any(Number), name: `@${page.instagram_business_account.username}`, channel: 'instagram', created: true },
      { id: expect.any(Number), name: bare.name, channel: 'facebook', created: true },
    ]);
    const rows = await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId));
    expect(rows.map((r) => [r.channel, r.facebookPageUserId, r.tokenMeta, r.status]).sort()).toEqual(
      [
        ['facebook', page.id, page.access_token, 'CONNECTED'],
        ['facebook', bare.id, bare.access_token, 'CONNECTED'],
        ['instagram', page.instagram_business_account.id, page.access_token, 'CONNECTED'],
      ].sort(),
    );
    const [subscribe] = graph.fake.callsTo('POST', `/${page.id}/subscribed_apps`);
    expect(subscribe.token).toBe(page.access_token);
    expect(subscribe.query.subscribed_fields).toContain('messages');
    // The tokens are write-only: the connection's view never shows them.
    const view = await (await t.as(admin)).get(`/whatsapp/${res.json()[0].id}`);
    expect(view.body).not.toContain(page.access_token);
    expect(view.body).not.toContain(userToken);
  });

  test('the connections page hears of each created connection (company-{id}-whatsapp), without any token', async () => {
    const admin = await t.factory.admin();
    const { userId, userToken, page, bare } = loginPages();
    const res = await (await t.as(admin)).post('/facebook', { facebookUserId: userId, facebookUserToken: userToken, addInstagram: true });
    expect(res.statusCode, res.body).toBe(200);
    const events = t.sent.filter((e) => e.event === `company-${admin.companyId}-whatsapp`);
    const announced = events.map((e) => (e.payload as { action: string; whatsapp: { id: number; channel: string } }).whatsapp);
    expect(announced.map((w) => w.id).sort()).toEqual(
      res
        .json()
        .map((c: { id: number }) => c.id)
        .sort(),
    );
    expect(announced.map((w) => w.channel).sort()).toEqual(['facebook', 'facebook', 'instagram']);
    expect(events.every((e) => (e.payload as { action: string }).action === 'update')).toBe(true);
    const wire = JSON.stringify(events);
    for (const secret of [userToken, page.access_token, bare.access_token]) expect(wire).not.toContain(secret);
  });

  test('without addInstagram only pages; a second login refreshes the tokens instead of duplicating', async () => {
    const admin = await t.factory.admin();
    const { userId, userToken } = loginPages();
    const api = await t.as(admin);
    const first = await api.post('/facebook', { facebookUserId: userId, facebookUserToken: userToken });
    expect(first.json().map((c: { channel: string }) => c.channel)).toEqual(['facebook', 'facebook']);
    const again = await api.post('/facebook', { facebookUserId: userId, facebookUserToken: userToken });
    expect(again.json().map((c: { created: boolean }) => c.created)).toEqual([false, false]);
    expect(await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId))).toHaveLength(2);
  });

  test("a page already connected in another company is refused (ERR_META_ACCOUNT_IN_USE) and company B's connection is untouched", async () => {
    const { userId, userToken, page } = loginPages();
    const a = await t.factory.admin();
    const b = await t.factory.admin();
    expect((await (await t.as(a)).post('/facebook', { facebookUserId: userId, facebookUserToken: userToken })).statusCode).toBe(200);
    const res = await (await t.as(b)).post('/facebook', { facebookUserId: userId, facebookUserToken: userToken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ERR_META_ACCOUNT_IN_USE' });
    const [row] = await t.database.db
      .select()
      .from(connections)
      .where(and(eq(connections.channel, 'facebook'), eq(connections.facebookPageUserId, page.id)));
    expect(row.companyId).toBe(a.companyId);
    expect(await t.database.db.select().from(connections).where(eq(connections.companyId, b.companyId))).toEqual([]);
  });

  test('validation, a refused token, permissions and the plan switches', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const empty = await api.post('/facebook', { facebookUserId: '', facebookUserToken: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'facebookUserId', message: 'Obrigatório' }] });
    const { userId } = loginPages();
    const badToken = await api.post('/facebook', { facebookUserId: userId, facebookUserToken: 'expired' });
    expect(badToken.json()).toMatchObject({ error: 'ERR_META_GRAPH' });

    const agent = await t.factory.user({ companyId: admin.companyId, profile: 'user' });
    expect((await (await t.as(agent)).post('/facebook', { facebookUserId: userId, facebookUserToken: 'x' })).statusCode).toBe(403);
    expect((await t.anon.post('/facebook', { facebookUserId: userId, facebookUserToken: 'x' })).statusCode).toBe(401);

    const noInstagram = await t.factory.plan({ useFacebook: true, useInstagram: false });
    const limited = await t.factory.admin({ company: await t.factory.company({ planId: noInstagram.id }) });
    const ig = await (await t.as(limited)).post('/facebook', {
      facebookUserId: userId,
      facebookUserToken: `USER-${userId}`,
      addInstagram: true,
    });
    expect(ig.statusCode).toBe(403);
    expect(ig.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    await t.database.db.update(plans).set({ useFacebook: false }).where(eq(plans.id, noInstagram.id));
    const fb = await (await t.as(limited)).post('/facebook', { facebookUserId: userId, facebookUserToken: `USER-${userId}` });
    expect(fb.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });
});

describe('Messenger and Instagram conversations', () => {
  test('a Messenger text opens a facebook ticket under the sender profile name; the reply goes out through the Send API', async () => {
    const admin = await t.factory.admin();
    const conn = await metaConnection(t, admin, 'facebook');
    const psid = accountId();
    servePageMessaging(graph.fake, conn.tokenMeta, { [psid]: 'Carlos Souza' });
    const event = {
      sender: { id: psid },
      recipient: { id: conn.facebookPageUserId },
      timestamp: Date.now(),
      message: { mid: 'm_in_1', text: 'Oi pela página' },
    };
    expect((await postWebhook(t, messagingDelivery('page', conn.facebookPageUserId, [event]))).statusCode).toBe(200);
    const [inbound] = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
    expect(inbound).toMatchObject({ body: 'Oi pela página', externalId: 'm_in_1', fromMe: false });
    const [ticket] = await t.database.db
      .update(tickets)
      .set({ status: 'open', userId: admin.id })
      .where(eq(tickets.id, inbound.ticketId))
      .returning();
    expect(ticket.channel).toBe('facebook');
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(contact).toMatchObject({ name: 'Carlos Souza', number: psid, channel: 'facebook' });
    expect(
      t.sent.some(
        (e) => e.event === `company-${admin.companyId}-appMessage` && (e.payload as { message: { id: number } }).message.id === inbound.id,
      ),
    ).toBe(true);

    const reply = await (await t.as(admin)).post(`/messages/${ticket.id}`, { body: 'Olá Carlos!' });
    expect(reply.statusCode, reply.body).toBe(200);
    await t.jobs.drain();
    const [send] = graph.fake.callsTo('POST', '/me/messages').filter((c) => c.token === conn.tokenMeta);
    expect(send.token).toBe(conn.tokenMeta);
    expect(send.json).toEqual({ recipient: { id: psid }, messaging_type: 'RESPONSE', message: { text: 'Olá Carlos!' } });
    const [sent] = await t.database.db.select().from(messages).where(eq(messages.id, reply.json().id));
    expect(sent.externalId).toMatch(/^m_/);

    // Delivery and read reports become acks.
    await postWebhook(
      t,
      messagingDelivery('page', conn.facebookPageUserId, [
        { sender: { id: psid }, recipient: { id: conn.facebookPageUserId }, delivery: { mids: [sent.externalId], watermark: Date.now() } },
      ]),
    );
    expect((await t.database.db.select().from(messages).where(eq(messages.id, sent.id)))[0].ack).toBe(2);
    // Echoes of the page's own sends are not stored again.
    await postWebhook(
      t,
      messagingDelivery('page', conn.facebookPageUserId, [
        {
          sender: { id: conn.facebookPageUserId },
          recipient: { id: psid },
          message: { mid: sent.externalId, text: 'Olá Carlos!', is_echo: true },
        },
      ]),
    );
    expect(await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id))).toHaveLength(2);
  });

  test('Instagram attachments are downloaded to storage; outbound files go up as multipart uploads', async () => {
    const admin = await t.factory.admin();
    const conn = await metaConnection(t, admin, 'instagram');
    const igsid = accountId();
    servePageMessaging(graph.fake, conn.tokenMeta, { [igsid]: 'marina.ig' });
    const url = serveCdnFile(graph.fake, 'ig/photo.png', TINY_PNG, 'image/png');
    const event = {
      sender: { id: igsid },
      recipient: { id: conn.facebookPageUserId },
      timestamp: Date.now(),
      message: { mid: 'aWdfZAG1', attachments: [{ type: 'image', payload: { url } }] },
    };
    expect((await postWebhook(t, messagingDelivery('instagram', conn.facebookPageUserId, [event]))).statusCode).toBe(200);
    const [inbound] = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
    expect(inbound).toMatchObject({ mediaType: 'image', externalId: 'aWdfZAG1' });
    expect(inbound.mediaUrl).toMatch(/\.png$/);
    const [ticket] = await t.database.db
      .update(tickets)
      .set({ status: 'open', userId: admin.id })
      .where(eq(tickets.id, inbound.ticketId))
      .returning();
    expect(ticket.channel).toBe('instagram');

    const { multipart } = await import('../../test/multipart');
    const res = await (await t.as(admin)).inject({
      method: 'POST',
      url: `/messages/${ticket.id}`,
      ...multipart([
        { name: 'body', value: 'segue' },
        { name: 'medias', value: TINY_PNG, filename: 'catalogo.png', type: 'image/png' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    const [file, caption] = graph.fake.callsTo('POST', '/me/messages').filter((c) => c.token === conn.tokenMeta);
    expect(file.form).toMatchObject({ recipient: JSON.stringify({ id: igsid }), filedata: { name: 'catalogo.png', type: 'image/png' } });
    expect(JSON.parse(String(file.form?.message))).toEqual({ attachment: { type: 'image', payload: { is_reusable: false } } });
    expect(caption.json).toMatchObject({ message: { text: 'segue' } });
  });

  test('a Messenger reply after 24 hours is refused with ERR_CUSTOMER_WINDOW_CLOSED', async () => {
    const admin = await t.factory.admin();
    const conn = await metaConnection(t, admin, 'facebook');
    const psid = accountId();
    servePageMessaging(graph.fake, conn.tokenMeta, { [psid]: 'Lia' });
    await postWebhook(
      t,
      messagingDelivery('page', conn.facebookPageUserId, [
        { sender: { id: psid }, recipient: { id: conn.facebookPageUserId }, message: { mid: 'm_old', text: 'antigo' } },
      ]),
    );
    const [inbound] = await t.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 48 * 3600_000) })
      .where(eq(messages.externalId, 'm_old'))
      .returning();
    await t.database.db.update(tickets).set({ status: 'open', userId: admin.id }).where(eq(tickets.id, inbound.ticketId));
    const res = await (await t.as(admin)).post(`/messages/${inbound.ticketId}`, { body: 'oi?' });
    expect(res.json()).toMatchObject({ error: 'ERR_CUSTOMER_WINDOW_CLOSED' });
  });

  test('Messenger refusing a reply for good (outside the window at Meta: 10/2018278) fails it at once; a 500 is retried', async () => {
    const admin = await t.factory.admin();
    const conn = await metaConnection(t, admin, 'facebook');
    const psid = accountId();
    servePageMessaging(graph.fake, conn.tokenMeta, { [psid]: 'Rui' });
    await postWebhook(
      t,
      messagingDelivery('page', conn.facebookPageUserId, [
        { sender: { id: psid }, recipient: { id: conn.facebookPageUserId }, message: { mid: `m_${psid}`, text: 'oi' } },
      ]),
    );
    const [inbound] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.externalId, `m_${psid}`));
    await t.database.db.update(tickets).set({ status: 'open', userId: admin.id }).where(eq(tickets.id, inbound.ticketId));
    const api = await t.as(admin);
    const sends = () => graph.fake.callsTo('POST', '/me/messages').filter((c) => c.token === conn.tokenMeta).length;

    graph.fake.on('POST', '/me/messages', () => graphError(400, 10, 'This message is sent outside of allowed window.', 2018278));
    const refused = await api.post(`/messages/${inbound.ticketId}`, { body: 'tarde demais' });
    await t.jobs.drain();
    expect(sends()).toBe(1);
    const row = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
    expect(await row(refused.json().id)).toMatchObject({ sendError: 'ERR_CUSTOMER_WINDOW_CLOSED', externalId: null });

    graph.fake.on('POST', '/me/messages', () => graphError(500, 2, 'Service temporarily unavailable'));
    const later = await api.post(`/messages/${inbound.ticketId}`, { body: 'depois' });
    expect((await t.expectJobFailures()).map((f) => f.job)).toEqual(['message.send']);
    expect(await row(later.json().id)).toMatchObject({ sendError: null, externalId: null });
  });
});

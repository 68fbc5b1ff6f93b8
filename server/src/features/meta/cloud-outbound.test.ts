import { ACK } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { type ConnectionRow, messages, tickets, type UserRow } from '../../db/schema';
import { graphError, serveCloudNumber, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { resendStuckMessages } from '../messages';
import { multipart } from '../../test/multipart';
import { customerNumber, TINY_PNG } from '../../test/simulator';
import { cloudMessage, cloudStatus, metaConnection, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

/** A Cloud API conversation the admin has accepted: the customer wrote, the ticket is open. */
async function openConversation(opts: { lastInboundAgoMs?: number } = {}) {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  serveCloudNumber(graph.fake, conn.facebookPageUserId, conn.tokenMeta);
  const from = customerNumber();
  await postWebhook(t, cloudMessage(conn.facebookPageUserId, from, 'Ana', { type: 'text', text: { body: 'oi' } }));
  const [inbound] = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
  if (opts.lastInboundAgoMs) {
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - opts.lastInboundAgoMs) })
      .where(eq(messages.id, inbound.id));
  }
  const [ticket] = await t.database.db
    .update(tickets)
    .set({ status: 'open', userId: admin.id })
    .where(eq(tickets.id, inbound.ticketId))
    .returning();
  return { admin, conn, from, ticket, api: await t.as(admin) };
}

const sendsTo = (conn: ConnectionRow) =>
  graph.fake.callsTo('POST', `/${conn.facebookPageUserId}/messages`).filter((c) => c.json?.status !== 'read');
const messageRow = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];

test("an agent's reply goes to Graph as a Cloud API text message with the connection's token, and gets the wamid", async () => {
  const { conn, from, ticket, api } = await openConversation();
  const res = await api.post(`/messages/${ticket.id}`, { body: 'Olá Ana, como posso ajudar?' });
  expect(res.statusCode, res.body).toBe(200);
  await t.jobs.drain();
  const [call] = sendsTo(conn);
  expect(call.token).toBe(conn.tokenMeta);
  expect(call.json).toMatchObject({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: from,
    type: 'text',
    text: { body: 'Olá Ana, como posso ajudar?' },
    biz_opaque_callback_data: `msg-${res.json().id}`,
  });
  const row = await messageRow(res.json().id);
  expect(row.externalId).toMatch(/^wamid\./);
  expect(row.ack).toBe(ACK.sent);
});

test('status webhooks move the ack forward and never back, in any order', async () => {
  const { admin, conn, from, ticket, api } = await openConversation();
  const res = await api.post(`/messages/${ticket.id}`, { body: 'status?' });
  await t.jobs.drain();
  const { externalId, id } = await messageRow(res.json().id);
  const status = (s: string) => postWebhook(t, cloudStatus(conn.facebookPageUserId, externalId!, s, from));
  expect((await status('read')).statusCode).toBe(200);
  expect((await messageRow(id)).ack).toBe(ACK.read);
  await status('delivered');
  await status('sent');
  expect((await messageRow(id)).ack).toBe(ACK.read);
  const update = t.sent.filter(
    (e) =>
      e.event === `company-${admin.companyId}-appMessage` &&
      (e.payload as { action: string; message: { id: number; ack: number } }).message.id === id,
  );
  expect(update.map((e) => (e.payload as { message: { ack: number } }).message.ack)).toContain(ACK.read);
  // A failed status is logged; it lowers nothing.
  await status('failed');
  expect((await messageRow(id)).ack).toBe(ACK.read);
});

test('a status that beats the send job finds its message through biz_opaque_callback_data', async () => {
  const { conn, from, ticket, api } = await openConversation();
  const res = await api.post(`/messages/${ticket.id}`, { body: 'corrida' });
  await t.jobs.drain();
  const row = await messageRow(res.json().id);
  // As if the job had not stored the id yet.
  await t.database.db.update(messages).set({ externalId: null, ack: 0 }).where(eq(messages.id, row.id));
  const body = cloudStatus(conn.facebookPageUserId, row.externalId!, 'delivered', from);
  (body.entry[0].changes[0].value.statuses as Record<string, unknown>[])[0].biz_opaque_callback_data = `msg-${row.id}`;
  await postWebhook(t, body);
  expect(await messageRow(row.id)).toMatchObject({ externalId: row.externalId, ack: ACK.delivered });
});

test("a file is uploaded to the number's media and sent by media id with its caption", async () => {
  const { conn, ticket, api } = await openConversation();
  const res = await api.inject({
    method: 'POST',
    url: `/messages/${ticket.id}`,
    ...multipart([
      { name: 'body', value: 'a foto' },
      { name: 'medias', value: TINY_PNG, filename: 'foto.png', type: 'image/png' },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.jobs.drain();
  const [upload] = graph.fake.callsTo('POST', `/${conn.facebookPageUserId}/media`);
  expect(upload.form).toMatchObject({
    messaging_product: 'whatsapp',
    type: 'image/png',
    file: { name: 'foto.png', type: 'image/png', size: TINY_PNG.length },
  });
  const [send] = sendsTo(conn);
  expect(send.json).toMatchObject({ type: 'image', image: { id: expect.any(String), caption: 'a foto' } });
});

test('a list message becomes an interactive list; a URL button an interactive cta_url', async () => {
  const { conn, ticket, api } = await openConversation();
  const list = await api.post(`/messages/lista/${ticket.id}`, {
    title: 'Menu',
    text: 'Escolha um setor',
    buttonText: 'Ver opções',
    footer: 'Chat-flow',
    sections: [{ title: 'Setores', rows: [{ title: 'Financeiro', description: 'boletos', rowId: 'fin' }] }],
  });
  expect(list.statusCode, list.body).toBe(200);
  const url = await api.post(`/messages/URL/${ticket.id}`, {
    title: 'Site',
    description: 'Veja o pedido',
    buttonText: 'Abrir',
    url: 'https://example.com/p/1',
  });
  expect(url.statusCode, url.body).toBe(200);
  await t.jobs.drain();
  const [listCall, urlCall] = sendsTo(conn);
  expect(listCall.json).toMatchObject({
    type: 'interactive',
    interactive: {
      type: 'list',
      header: { type: 'text', text: 'Menu' },
      body: { text: 'Escolha um setor' },
      footer: { text: 'Chat-flow' },
      action: {
        button: 'Ver opções',
        sections: [{ title: 'Setores', rows: [{ id: 'fin', title: 'Financeiro', description: 'boletos' }] }],
      },
    },
  });
  expect(urlCall.json).toMatchObject({
    type: 'interactive',
    interactive: {
      type: 'cta_url',
      body: { text: 'Veja o pedido' },
      action: { name: 'cta_url', parameters: { display_text: 'Abrir', url: 'https://example.com/p/1' } },
    },
  });
});

test("reply buttons and templates are sent in Meta's shape", async () => {
  const { conn, from } = await openConversation();
  const provider = await t.channels.providerFor(conn.id);
  await provider.send(
    {
      kind: 'interactive',
      to: from,
      body: 'Confirma?',
      dataJson: {
        body: { text: 'Confirma?' },
        replyButtons: [
          { id: 'y', title: 'Sim' },
          { id: 'n', title: 'Não' },
        ],
      },
    },
    { idempotencyKey: 'buttons-1' },
  );
  await provider.send(
    {
      kind: 'interactive',
      to: from,
      body: '',
      dataJson: {
        template: {
          name: 'pedido_enviado',
          language: 'pt_BR',
          components: [{ type: 'body', parameters: [{ type: 'text', text: '123' }] }],
        },
      },
    },
    { idempotencyKey: 'template-1' },
  );
  // The same key again is the same send (a retried job): Graph is not called a third time.
  await provider.send({ kind: 'text', to: from, body: 'x' }, { idempotencyKey: 'template-1' });
  const [buttons, template, ...rest] = sendsTo(conn);
  expect(rest).toEqual([]);
  expect(buttons.json).toMatchObject({
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: 'Confirma?' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'y', title: 'Sim' } },
          { type: 'reply', reply: { id: 'n', title: 'Não' } },
        ],
      },
    },
  });
  expect(template.json).toMatchObject({
    type: 'template',
    template: { name: 'pedido_enviado', language: { code: 'pt_BR' }, components: [{ type: 'body' }] },
  });
});

test('after 24 hours without a customer message the reply is refused with ERR_CUSTOMER_WINDOW_CLOSED; a private note still goes in', async () => {
  const { conn, ticket, api } = await openConversation({ lastInboundAgoMs: 25 * 60 * 60_000 });
  const res = await api.post(`/messages/${ticket.id}`, { body: 'ainda está aí?' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'ERR_CUSTOMER_WINDOW_CLOSED' });
  const media = await api.inject({
    method: 'POST',
    url: `/messages/${ticket.id}`,
    ...multipart([{ name: 'medias', value: TINY_PNG, filename: 'a.png', type: 'image/png' }]),
  });
  expect(media.json()).toMatchObject({ error: 'ERR_CUSTOMER_WINDOW_CLOSED' });
  const note = await api.post(`/messages/${ticket.id}`, { body: 'cliente sumiu', isPrivate: true });
  expect(note.statusCode).toBe(200);
  await t.jobs.drain();
  expect(sendsTo(conn)).toEqual([]);
  const stored = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
  expect(stored.map((m) => m.body)).toEqual([expect.stringContaining('cliente sumiu')]);
});

test("Graph refusals become the product's errors: not on WhatsApp, window closed at Meta, bad token", async () => {
  const { conn, from } = await openConversation();
  const provider = await t.channels.providerFor(conn.id);
  const path = `/${conn.facebookPageUserId}/messages`;
  graph.fake.on('POST', path, () => graphError(400, 131026, 'Message undeliverable.'));
  await expect(provider.send({ kind: 'text', to: from, body: 'x' }, { idempotencyKey: 'e1' })).rejects.toMatchObject({
    code: 'ERR_WAPP_INVALID_CONTACT',
  });
  graph.fake.on('POST', path, () => graphError(400, 131047, 'Re-engagement message'));
  await expect(provider.send({ kind: 'text', to: from, body: 'x' }, { idempotencyKey: 'e2' })).rejects.toMatchObject({
    code: 'ERR_CUSTOMER_WINDOW_CLOSED',
  });
  graph.fake.on('POST', path, () => graphError(401, 190, 'Invalid OAuth access token.'));
  await expect(provider.send({ kind: 'text', to: from, body: 'x' }, { idempotencyKey: 'e3' })).rejects.toMatchObject({
    code: 'ERR_SENDING_WAPP_MSG',
  });
});

test('an agent of another company cannot send into this conversation', async () => {
  const { ticket, conn } = await openConversation();
  const stranger: UserRow = await t.factory.admin();
  const res = await (await t.as(stranger)).post(`/messages/${ticket.id}`, { body: 'intruso' });
  expect(res.statusCode).toBe(404);
  await t.jobs.drain();
  expect(sendsTo(conn)).toEqual([]);
});

test('a refusal for good (4xx but 429) fails the message at once with its reason; the sweeper leaves it alone', async () => {
  const { admin, conn, ticket, api } = await openConversation();
  graph.fake.on('POST', `/${conn.facebookPageUserId}/messages`, () => graphError(400, 100, 'Invalid parameter'));
  const res = await api.post(`/messages/${ticket.id}`, { body: 'não vai' });
  expect(res.statusCode, res.body).toBe(200);
  await t.jobs.drain();
  expect(sendsTo(conn)).toHaveLength(1);
  expect(await messageRow(res.json().id)).toMatchObject({ sendError: 'ERR_WAPP_INVALID_CONTACT', externalId: null, ack: 0 });
  const failed = t.sent.filter(
    (e) => e.event === `company-${admin.companyId}-appMessage` && (e.payload as { message: { id: number } }).message.id === res.json().id,
  );
  expect(failed.at(-1)?.payload).toMatchObject({ action: 'update', message: { sendError: 'ERR_WAPP_INVALID_CONTACT' } });
  // The stuck-message sweep of a minute later does not try it again.
  await resendStuckMessages({ db: t.database.db, jobs: t.jobs }, new Date(Date.now() + 2 * 60_000));
  await t.jobs.drain();
  expect(sendsTo(conn)).toHaveLength(1);
});

test('a closed window at Meta (131047) and a bad parameter (400) are refusals for good; 429 and 5xx are retried', async () => {
  const { conn, ticket, api } = await openConversation();
  const path = `/${conn.facebookPageUserId}/messages`;
  graph.fake.on('POST', path, () => graphError(400, 131047, 'Re-engagement message'));
  const closed = await api.post(`/messages/${ticket.id}`, { body: 'janela' });
  await t.jobs.drain();
  expect(await messageRow(closed.json().id)).toMatchObject({ sendError: 'ERR_CUSTOMER_WINDOW_CLOSED' });

  for (const [status, code] of [
    [429, 130429],
    [500, 1],
    [503, 2],
  ] as const) {
    graph.fake.on('POST', path, () => graphError(status, code, 'try later'));
    const res = await api.post(`/messages/${ticket.id}`, { body: `transitório ${status}` });
    const failures = await t.expectJobFailures();
    expect(failures.map((f) => f.job)).toEqual(['message.send']);
    // Left for the queue's retries: not failed, not sent.
    expect(await messageRow(res.json().id)).toMatchObject({ sendError: null, externalId: null, ack: 0 });
  }
});

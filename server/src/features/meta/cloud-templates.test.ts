// Message templates of Cloud API connections (issue 32): the sync from the business account, the status webhooks,
// the template send from a closed-window conversation and from the external API.
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections, messages, messageTemplates, tickets } from '../../db/schema';
import { sampleTemplates, serveCloudNumber, serveMessageTemplates, templateStatusDelivery, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { customerNumber } from '../../test/simulator';
import { accountId, cloudMessage, metaConnection, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

/** A Cloud API connection whose business account lists `templates`; synced on connect. */
async function cloudWithTemplates(templates = sampleTemplates()) {
  const admin = await t.factory.admin();
  const wabaId = accountId();
  const tokenMeta = `EAAG${accountId()}`;
  serveMessageTemplates(graph.fake, wabaId, tokenMeta, templates);
  const conn = await metaConnection(t, admin, 'whatsappapi', { wabaId, tokenMeta });
  await t.jobs.drain();
  return { admin, conn, wabaId, templates, api: await t.as(admin) };
}

const names = (list: { name: string; status: string }[]) => list.map((x) => `${x.name}:${x.status}`);

test('on connect the templates are read page after page and listed with their parts and variables; users list, only managers sync', async () => {
  const { admin, conn, wabaId, api } = await cloudWithTemplates();
  const pages = graph.fake.callsTo('GET', `/${wabaId}/message_templates`);
  expect(pages.map((c) => c.query.after ?? null)).toEqual([null, expect.any(String), expect.any(String)]);
  expect(pages[0].token).toBe(conn.tokenMeta);

  const res = await api.get(`/whatsapp/${conn.id}/templates`);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json();
  expect(names(list.templates)).toEqual([
    'boas_vindas:APPROVED',
    'com_imagem:APPROVED',
    'pedido_enviado:APPROVED',
    'promo_pausada:PAUSED',
    'recusado:REJECTED',
  ]);
  expect(list.syncedAt).toEqual(expect.any(String));
  const pedido = list.templates.find((x: { name: string }) => x.name === 'pedido_enviado');
  expect(pedido).toMatchObject({
    whatsappId: conn.id,
    language: 'pt_BR',
    category: 'UTILITY',
    sendable: true,
    header: { format: 'TEXT', text: 'Pedido {{1}}' },
    body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
    footer: 'Loja Exemplo',
    buttons: [
      { type: 'URL', text: 'Rastrear', url: 'https://loja.example/rastreio/{{1}}', phoneNumber: null },
      { type: 'QUICK_REPLY', text: 'Falar com atendente', url: null, phoneNumber: null },
    ],
    variables: { header: ['1'], body: ['1', '2'], buttons: ['0'] },
  });
  const sendable = Object.fromEntries(list.templates.map((x: { name: string; sendable: boolean }) => [x.name, x.sendable]));
  expect(sendable).toEqual({ boas_vindas: true, com_imagem: false, pedido_enviado: true, promo_pausada: false, recusado: false });

  const agent = await t.as(await t.factory.user({ companyId: admin.companyId, profile: 'user' }));
  expect((await agent.get(`/whatsapp/${conn.id}/templates`)).statusCode).toBe(200);
  expect((await agent.post(`/whatsapp/${conn.id}/templates/sync`)).statusCode).toBe(403);
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.get(`/whatsapp/${conn.id}/templates`)).statusCode).toBe(404);
  expect((await stranger.post(`/whatsapp/${conn.id}/templates/sync`)).statusCode).toBe(404);
  expect(graph.fake.callsTo('GET', `/${wabaId}/message_templates`)).toHaveLength(3);
});

test('"Sincronizar" makes the list what Meta lists now; status webhooks move a template, and a paused one cannot be sent', async () => {
  const { admin, conn, wabaId, templates, api } = await cloudWithTemplates();
  templates.splice(
    templates.findIndex((x) => x.name === 'recusado'),
    1,
  );
  templates.find((x) => x.name === 'promo_pausada')!.status = 'APPROVED';
  const synced = await api.post(`/whatsapp/${conn.id}/templates/sync`);
  expect(synced.statusCode, synced.body).toBe(200);
  expect(names(synced.json().templates)).toEqual([
    'boas_vindas:APPROVED',
    'com_imagem:APPROVED',
    'pedido_enviado:APPROVED',
    'promo_pausada:APPROVED',
  ]);

  const pedido = templates[0];
  expect((await postWebhook(t, templateStatusDelivery(wabaId, pedido, 'PAUSED', 'Qualidade baixa'))).statusCode).toBe(200);
  const row = async () =>
    (
      await t.database.db
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.connectionId, conn.id), eq(messageTemplates.metaId, pedido.id)))
    )[0];
  expect(await row()).toMatchObject({ status: 'PAUSED', reason: 'Qualidade baixa' });
  const listed = (await api.get(`/whatsapp/${conn.id}/templates`)).json().templates;
  expect(listed.find((x: { name: string }) => x.name === 'pedido_enviado')).toMatchObject({ status: 'PAUSED', sendable: false });
  // An unsigned status update changes nothing.
  const forged = await postWebhook(t, templateStatusDelivery(wabaId, pedido, 'APPROVED'), { 'content-type': 'application/json' });
  expect(forged.statusCode).toBe(401);
  expect(await row()).toMatchObject({ status: 'PAUSED' });
  await postWebhook(t, templateStatusDelivery(wabaId, pedido, 'APPROVED'));
  expect(await row()).toMatchObject({ status: 'APPROVED', reason: '' });

  // Meta refusing the list (a token it no longer takes) says so, and keeps what was stored.
  await t.database.db.update(connections).set({ tokenMeta: 'EAAG-revoked' }).where(eq(connections.id, conn.id));
  const refused = await api.post(`/whatsapp/${conn.id}/templates/sync`);
  expect(refused.statusCode).toBe(502);
  expect(refused.json()).toMatchObject({ error: 'ERR_TEMPLATES_SYNC_FAILED' });
  expect((await api.get(`/whatsapp/${conn.id}/templates`)).json().templates).toHaveLength(4);
  // A connection without its business account id has no templates to sync.
  const bare = await metaConnection(t, admin, 'whatsappapi');
  expect((await api.post(`/whatsapp/${bare.id}/templates/sync`)).json()).toMatchObject({ error: 'ERR_TEMPLATES_UNAVAILABLE' });
});

test('a closed window refuses a plain text before sending; an approved template goes to Graph as a template message, stored and shown', async () => {
  const { admin, conn, api } = await cloudWithTemplates();
  serveCloudNumber(graph.fake, conn.facebookPageUserId, conn.tokenMeta);
  const from = customerNumber();
  await postWebhook(t, cloudMessage(conn.facebookPageUserId, from, 'Ana', { type: 'text', text: { body: 'oi' } }));
  const [inbound] = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
  const [ticket] = await t.database.db
    .update(tickets)
    .set({ status: 'open', userId: admin.id })
    .where(eq(tickets.id, inbound.ticketId))
    .returning();
  expect((await api.get(`/messages/window/${ticket.id}`)).json()).toMatchObject({ applies: true, open: true, templates: true });
  await t.database.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
    .where(eq(messages.id, inbound.id));
  const window = (await api.get(`/messages/window/${ticket.id}`)).json();
  expect(window).toMatchObject({ applies: true, open: false, templates: true });
  expect(new Date(window.closesAt).getTime()).toBeLessThan(Date.now());

  const text = await api.post(`/messages/${ticket.id}`, { body: 'ainda aí?' });
  expect(text.json()).toMatchObject({ error: 'ERR_CUSTOMER_WINDOW_CLOSED' });

  const ids = Object.fromEntries(
    (await t.database.db.select().from(messageTemplates).where(eq(messageTemplates.connectionId, conn.id))).map((r) => [r.name, r.id]),
  );
  const missing = await api.post(`/messages/template/${ticket.id}`, { templateId: ids.pedido_enviado, body: { 1: 'Ana' } });
  expect(missing.statusCode).toBe(400);
  expect(
    missing
      .json()
      .fields.map((f: { field: string }) => f.field)
      .sort(),
  ).toEqual(['body.2', 'buttons.0', 'header.1']);
  const paused = await api.post(`/messages/template/${ticket.id}`, { templateId: ids.promo_pausada });
  expect(paused.json()).toMatchObject({ error: 'ERR_TEMPLATE_NOT_SENDABLE' });

  const sent = await api.post(`/messages/template/${ticket.id}`, {
    templateId: ids.pedido_enviado,
    header: { 1: '123' },
    body: { 1: 'Ana\nSouza', 2: '123' },
    buttons: { 0: 'ABC123' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).toMatchObject({
    mediaType: 'templateMessage',
    fromMe: true,
    body: '*Pedido 123*\n\nOlá Ana Souza, seu pedido 123 foi enviado.\n\n_Loja Exemplo_',
  });
  const named = await api.post(`/messages/template/${ticket.id}`, { templateId: ids.boas_vindas, body: { first_name: 'Ana' } });
  expect(named.statusCode, named.body).toBe(200);
  await t.jobs.drain();

  const sends = graph.fake.callsTo('POST', `/${conn.facebookPageUserId}/messages`).map((c) => c.json);
  expect(sends).toEqual([
    {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: from,
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '123' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana Souza' },
              { type: 'text', text: '123' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'ABC123' }] },
        ],
      },
      biz_opaque_callback_data: `msg-${sent.json().id}`,
    },
    expect.objectContaining({
      type: 'template',
      template: {
        name: 'boas_vindas',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Ana' }] }],
      },
    }),
  ]);
  const [stored] = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, sent.json().id)));
  expect(stored.externalId).toMatch(/^wamid\./);

  // Another company's agent neither reads the window nor sends into the conversation.
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.get(`/messages/window/${ticket.id}`)).statusCode).toBe(404);
  expect(
    (await stranger.post(`/messages/template/${ticket.id}`, { templateId: ids.boas_vindas, body: { first_name: 'x' } })).statusCode,
  ).toBe(404);
});

test('the external API sends a template by name and language; its plain text to a customer outside the window is refused before sending', async () => {
  const { conn } = await cloudWithTemplates();
  serveCloudNumber(graph.fake, conn.facebookPageUserId, conn.tokenMeta);
  const number = customerNumber();
  const send = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${conn.token}` },
      payload: payload as object,
    });

  const text = await send({ number, body: 'Promoção de hoje' });
  expect(text.statusCode).toBe(400);
  expect(text.json()).toMatchObject({ error: 'ERR_CUSTOMER_WINDOW_CLOSED' });
  const unknown = await send({ number, template: { name: 'nao_existe', language: 'pt_BR' } });
  expect(unknown.json()).toMatchObject({ error: 'ERR_TEMPLATE_NOT_SENDABLE' });
  const sent = await send({ number, template: { name: 'boas_vindas', language: 'pt_BR', body: { first_name: 'Bia' } } });
  expect(sent.statusCode, sent.body).toBe(200);
  await t.jobs.drain();
  const sends = graph.fake.callsTo('POST', `/${conn.facebookPageUserId}/messages`).map((c) => c.json);
  expect(sends).toEqual([
    expect.objectContaining({
      to: number,
      type: 'template',
      template: {
        name: 'boas_vindas',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Bia' }] }],
      },
    }),
  ]);
  const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, sent.json().messageIds[0]));
  expect(stored).toMatchObject({ mediaType: 'templateMessage', body: 'Oi Bia! Temos novidades para você.', fromMe: true });
});

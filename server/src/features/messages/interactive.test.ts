import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, simulatorOutbox } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { messageFactory, png } from './testing';

const t = useTestApp();
const mf = () => messageFactory(t.database.db);

async function setup() {
  const admin = await t.factory.admin();
  const ticket = await mf().ticket(admin.companyId, { userId: admin.id });
  return { admin, ticket, api: await t.as(admin) };
}

const list = {
  title: 'Cardápio',
  text: 'Escolha uma opção',
  buttonText: 'Ver opções',
  footer: 'Loja',
  sections: [
    {
      title: 'Pizzas',
      rows: [
        { title: 'Calabresa', rowId: 'p1', description: 'Grande' },
        { title: 'Mussarela', rowId: 'p2' },
      ],
    },
  ],
};
const button = { title: 'Pedido 123', description: 'Seu código de rastreio', buttonText: 'Copiar' };

describe('interactive sends', () => {
  test('Lista stores a listMessage the conversation renders and the connection delivers', async () => {
    const { ticket, api } = await setup();
    const res = await api.post(`/messages/lista/${ticket.id}`, list);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mediaType: 'listMessage',
      body: 'Escolha uma opção',
      fromMe: true,
      dataJson: {
        title: 'Cardápio',
        description: 'Escolha uma opção',
        footerText: 'Loja',
        buttonText: 'Ver opções',
        sections: [
          {
            title: 'Pizzas',
            rows: [
              { title: 'Calabresa', rowId: 'p1', description: 'Grande' },
              { title: 'Mussarela', rowId: 'p2', description: '' },
            ],
          },
        ],
      },
    });
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, res.json().id));
    const [delivered] = await t.database.db
      .select()
      .from(simulatorOutbox)
      .where(eq(simulatorOutbox.externalId, stored.externalId as string));
    expect(delivered.type).toBe('interactive');
  });

  test('Copia, Me Ligue and URL store one call-to-action button each', async () => {
    const { admin, ticket, api } = await setup();
    const copy = await api.post(`/messages/copy/${ticket.id}`, {
      ...button,
      copyText: 'BR123',
      image: `data:image/png;base64,${png().toString('base64')}`,
    });
    expect(copy.statusCode).toBe(200);
    const data = copy.json().dataJson;
    expect(copy.json().mediaType).toBe('interactiveMessage');
    expect(data).toMatchObject({
      header: { title: 'Pedido 123' },
      body: { text: 'Seu código de rastreio' },
      footer: { text: '' },
      buttons: [{ name: 'cta_copy', display_text: 'Copiar', copy_code: 'BR123' }],
    });
    expect(data.header.imageUrl).toMatch(new RegExp(`^/public/company${admin.companyId}/media/[a-f0-9]{32}\\.png$`));
    expect(existsSync(path.join(t.config.dataDir, data.header.imageUrl))).toBe(true);

    const call = await api.post(`/messages/call/${ticket.id}`, { ...button, buttonText: 'Ligar', phoneNumber: '(11) 98888-7777' });
    expect(call.json().dataJson.buttons).toEqual([{ name: 'cta_call', display_text: 'Ligar', phoneNumber: '11988887777' }]);
    expect(call.json().dataJson.header.imageUrl).toBeNull();

    // Older clients send the button's value as copyText on every route.
    const url = await api.post(`/messages/URL/${ticket.id}`, {
      ...button,
      buttonText: 'Abrir',
      copyText: 'https://example.com/pedido/123',
    });
    expect(url.json().dataJson.buttons).toEqual([{ name: 'cta_url', display_text: 'Abrir', url: 'https://example.com/pedido/123' }]);
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
  });

  test('PIX: body starts with [PIX], amounts in cents, a PHONE key gets +55', async () => {
    const { ticket, api } = await setup();
    const res = await api.post(`/messages/PIX/${ticket.id}`, {
      title: 'Pedido 55',
      sendvalue: '1.234,50',
      sendkey_type: 'PHONE',
      sendmerchant_name: 'Loja Centro',
      sendKey: '(11) 98888-7777',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.body.startsWith('[PIX] Pedido 55 - R$ 1234,50')).toBe(true);
    expect(view.dataJson).toMatchObject({
      totalAmount: 123450,
      currency: 'BRL',
      headerThumbnail: null,
      order: { items: [{ name: 'Pedido 55', amount: 123450 }] },
      pixKey: { key: '+5511988887777', keyType: 'PHONE', merchantName: 'Loja Centro' },
      buttons: [{ name: 'cta_copy', copy_code: '+5511988887777' }],
    });
    expect(view.dataJson.referenceId).toMatch(/^[A-F0-9]{12}$/);

    const already = await api.post(`/messages/PIX/${ticket.id}`, {
      title: 'x',
      sendvalue: 10,
      sendkey_type: 'PHONE',
      sendmerchant_name: 'L',
      sendKey: '+5511977776666',
    });
    expect(already.json().dataJson).toMatchObject({ totalAmount: 1000, pixKey: { key: '+5511977776666' } });
    const email = await api.post(`/messages/PIX/${ticket.id}`, {
      title: 'x',
      sendvalue: '9.90',
      sendkey_type: 'EMAIL',
      sendmerchant_name: 'L',
      sendKey: 'pix@loja.com',
    });
    expect(email.json().dataJson).toMatchObject({ totalAmount: 990, pixKey: { key: 'pix@loja.com' } });
  });

  test('a non-numeric ticket id reads "ID do Ticket inválido." on every interactive route', async () => {
    const { api } = await setup();
    const routes: [string, string, object][] = [
      ['lista', 'ticketId', list],
      ['copy', 'id', { ...button, copyText: 'x' }],
      ['call', 'id', { ...button, phoneNumber: '11988887777' }],
      ['URL', 'id', { ...button, url: 'https://a.b' }],
      ['PIX', 'id', { title: 'x', sendvalue: 1, sendkey_type: 'EVP', sendmerchant_name: 'L', sendKey: 'k' }],
    ];
    for (const [route, field, body] of routes) {
      const res = await api.post(`/messages/${route}/undefined`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field, key: 'validation.ticketId', message: 'ID do Ticket inválido.' }]);
    }
  });

  test('invalid payloads: validation messages, a non-image header, a bad key type', async () => {
    const { ticket, api } = await setup();
    const noRows = await api.post(`/messages/lista/${ticket.id}`, { ...list, sections: [{ title: 'x', rows: [] }] });
    expect(noRows.json().fields[0]).toMatchObject({ field: 'sections.0.rows', key: 'validation.required' });
    const noUrl = await api.post(`/messages/URL/${ticket.id}`, { ...button, url: 'javascript:alert(1)' });
    expect(noUrl.json().fields[0]).toMatchObject({ field: 'url', key: 'validation.invalid' });
    const badImage = await api.post(`/messages/copy/${ticket.id}`, {
      ...button,
      copyText: 'x',
      image: Buffer.from('not an image').toString('base64'),
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().error).toBe('ERR_INVALID_FILE');
    const badKey = await api.post(`/messages/PIX/${ticket.id}`, {
      title: 'x',
      sendvalue: 'dez',
      sendkey_type: 'RANDOM',
      sendmerchant_name: 'L',
      sendKey: 'k',
    });
    expect(
      badKey
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['sendkey_type', 'sendvalue']);
    expect(await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toHaveLength(0);
  });

  test('another company, a hidden ticket or a closed one: refused', async () => {
    const { ticket } = await setup();
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).post(`/messages/lista/${ticket.id}`, list)).statusCode).toBe(404);

    const admin = await t.factory.admin();
    const queue = await t.factory.queue(admin.companyId);
    const hidden = await mf().ticket(admin.companyId, { queueId: queue.id });
    const agent = await t.factory.user({ companyId: admin.companyId });
    expect((await (await t.as(agent)).post(`/messages/copy/${hidden.id}`, { ...button, copyText: 'x' })).statusCode).toBe(404);

    const closed = await mf().ticket(admin.companyId, { status: 'closed' });
    expect(
      (
        await (
          await t.as(admin)
        ).post(`/messages/PIX/${closed.id}`, {
          title: 'x',
          sendvalue: 1,
          sendkey_type: 'CPF',
          sendmerchant_name: 'L',
          sendKey: '12345678900',
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.anon.post(`/messages/lista/${ticket.id}`, list)).statusCode).toBe(401);
  });
});

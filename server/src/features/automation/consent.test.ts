import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerOf, TINY_PNG } from '../../test/simulator';
import { botConnection, customer, setSettings } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

const MENU = 'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';

async function menuCompany(settings: Record<string, string> = {}) {
  const admin = await t.factory.admin();
  const a = await t.factory.queue(admin.companyId, { name: 'Vendas', orderQueue: 1 });
  const b = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  await setSettings(t, admin.companyId, settings);
  const conn = await botConnection(t, admin, [a, b], { complationMessage: 'Até mais!' });
  return { admin, a, b, conn };
}

const lgpd = { enableLGPD: 'enabled', lgpdMessage: 'Tratamos seus dados conforme a LGPD.', lgpdLink: 'https://exemplo.com/privacidade' };

test('LGPD with consent: the notice and the question first; 1 records the consent and the menu follows', async () => {
  const { conn } = await menuCompany({ ...lgpd, lgpdConsent: 'enabled' });
  const ana = customer(t, conn);
  expect(await ana.write('oi')).toEqual([
    'Tratamos seus dados conforme a LGPD.\n\nhttps://exemplo.com/privacidade\n\nPara continuar, responda *1* para aceitar ou *2* para recusar.',
  ]);
  expect(await ana.write('talvez')).toEqual(['Para continuar, responda *1* para aceitar ou *2* para recusar.']);
  expect(await ana.write('1')).toEqual([MENU]);
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.number, ana.number));
  expect(contact.lgpdAcceptedAt).toBeInstanceOf(Date);
});

test('LGPD with consent: 2 refuses, and the ticket is closed', async () => {
  const { conn } = await menuCompany({ ...lgpd, lgpdConsent: 'enabled' });
  const bia = customer(t, conn);
  await bia.write('oi');
  expect(await bia.write('2')).toEqual(['Sem o seu aceite não podemos continuar o atendimento. Quando quiser, é só nos escrever de novo.']);
  expect(await bia.ticket()).toMatchObject({ status: 'closed' });
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.number, bia.number));
  expect(contact.lgpdAcceptedAt).toBeNull();
});

test('LGPD without consent: the notice once, then the menu in the same turn', async () => {
  const { conn } = await menuCompany(lgpd);
  const caio = customer(t, conn);
  expect(await caio.write('oi')).toEqual([`Tratamos seus dados conforme a LGPD.\n\nhttps://exemplo.com/privacidade\n\n${MENU}`]);
  expect(await caio.write('9')).toEqual([`Opção inválida, por favor escolha uma das opções abaixo.${MENU.slice(MENU.indexOf('\n\n'))}`]);
});

test('a contact with disableBot gets no bot at all; its ticket waits for an agent', async () => {
  const { admin, conn } = await menuCompany();
  const dora = customer(t, conn);
  await t.database.db.insert(contacts).values({
    companyId: admin.companyId,
    channel: 'whatsapp',
    number: dora.number,
    name: 'Dora',
    disableBot: true,
    connectionId: conn.id,
  });
  expect(await dora.write('oi')).toEqual([]);
  expect(await dora.ticket()).toMatchObject({ status: 'pending', isBot: false, queueId: null });
});

test('with acceptAudioMessageContact off a voice message is answered with a request for text', async () => {
  const { conn } = await menuCompany({ acceptAudioMessageContact: 'disabled' });
  const eva = customer(t, conn);
  await eva.write('oi');
  const phone = customerOf(t, conn);
  // An Ogg page whose first packet is an Opus header: what a voice note starts with.
  const ogg = Buffer.concat([
    Buffer.from('OggS'),
    Buffer.from([0, 2]),
    Buffer.alloc(20),
    Buffer.from([1, 19]),
    Buffer.from('OpusHead'),
    Buffer.alloc(40),
  ]);
  const res = await phone.send({
    from: eva.number,
    type: 'audio',
    file: ogg.toString('base64'),
    mimeType: 'audio/ogg',
    fileName: 'audio.ogg',
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.jobs.drain();
  expect(await eva.received()).toEqual([
    'Infelizmente não conseguimos escutar áudios por este canal de atendimento. Por favor, envie uma mensagem de *texto*.',
  ]);
  // Images are fine.
  await phone.send({ from: eva.number, type: 'image', file: TINY_PNG.toString('base64'), fileName: 'a.png' });
  await t.jobs.drain();
  expect((await eva.received())[0]).toContain('Opção inválida');
});

test('sendFarewellWaitingTicket: closing a waiting ticket sends the farewell; off, nothing', async () => {
  const { admin, conn } = await menuCompany({ sendFarewellWaitingTicket: 'enabled' });
  const fabi = customer(t, conn);
  await fabi.write('oi');
  const agent = await t.as(admin);
  expect((await agent.put(`/tickets/${(await fabi.ticket()).id}`, { status: 'closed' })).statusCode).toBe(200);
  await t.jobs.drain();
  expect(await fabi.received()).toEqual(['Até mais!']);

  await setSettings(t, admin.companyId, { sendFarewellWaitingTicket: 'disabled' });
  const gabi = customer(t, conn);
  await gabi.write('oi');
  expect((await agent.put(`/tickets/${(await gabi.ticket()).id}`, { status: 'closed' })).statusCode).toBe(200);
  await t.jobs.drain();
  expect(await gabi.received()).toEqual([]);
});

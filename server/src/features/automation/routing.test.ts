import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { fileListOptions, fileLists, queues, ticketLogs } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerOf, TINY_PNG } from '../../test/simulator';
import { botConnection, customer, insertOptions, setSettings } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

/** A company with two queues whose first (Atendimento) has the given options; the customer is at its menu. */
async function atMenu(specs: Parameters<typeof insertOptions>[2]) {
  const admin = await t.factory.admin();
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', greetingMessage: 'Como ajudar?', orderQueue: 1 });
  const other = await t.factory.queue(admin.companyId, { name: 'Financeiro', greetingMessage: 'Financeiro aqui', orderQueue: 2 });
  const options = await insertOptions(t, main, specs);
  const conn = await botConnection(t, admin, [main, other]);
  const person = customer(t, conn);
  await person.write('oi');
  return { admin, main, other, options, conn, person };
}

test('an attendant option gives the ticket to that agent; a queue option moves it and shows that queue', async () => {
  const admin = await t.factory.admin();
  const agent = await t.factory.user({ companyId: admin.companyId, name: 'Gabi' });
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', greetingMessage: 'Como ajudar?', orderQueue: 1 });
  const fin = await t.factory.queue(admin.companyId, { name: 'Financeiro', greetingMessage: 'Financeiro aqui', orderQueue: 2 });
  await insertOptions(t, main, [
    { name: 'Falar com a Gabi', message: 'Chamando a Gabi', type: 'attendent', optUserId: agent.id },
    { name: 'Ir ao financeiro', message: 'Transferindo', type: 'queue', optQueueId: fin.id },
  ]);
  const conn = await botConnection(t, admin, [main, fin]);

  const ana = customer(t, conn);
  await ana.write('oi');
  await ana.write('1');
  expect(await ana.write('1')).toEqual(['Chamando a Gabi']);
  expect(await ana.ticket()).toMatchObject({ status: 'open', userId: agent.id, queueId: main.id, isBot: false });

  const bia = customer(t, conn);
  await bia.write('oi');
  await bia.write('1');
  expect(await bia.write('2')).toEqual(['Transferindo\n\nFinanceiro aqui']);
  const ticket = await bia.ticket();
  expect(ticket).toMatchObject({ status: 'pending', queueId: fin.id, userId: null });
  const logs = await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id)).orderBy(ticketLogs.id);
  expect(logs.map((l) => [l.type, l.queueId])).toEqual([
    ['create', null],
    ['chatBot', null],
    ['queue', main.id],
    ['queue', fin.id],
  ]);
});

test('a closeTicket option says its message and resolves the ticket', async () => {
  const { person } = await atMenu([
    { name: 'Só queria saber o horário', message: 'Atendemos das 8h às 18h. Até logo!', closeTicket: true },
    { name: 'Outra coisa', message: 'Aguarde' },
  ]);
  await person.write('1');
  expect(await person.write('1')).toEqual(['Atendemos das 8h às 18h. Até logo!']);
  expect(await person.ticket()).toMatchObject({ status: 'closed', isBot: false });
});

test("a file option sends the list's message and its files; the customer stays at that level", async () => {
  const admin = await t.factory.admin();
  const name = `${randomBytes(16).toString('hex')}.png`;
  const folder = path.join(t.config.dataDir, 'public', `company${admin.companyId}`, 'files');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), TINY_PNG);
  const [list] = await t.database.db
    .insert(fileLists)
    .values({ companyId: admin.companyId, name: 'Catálogo', message: 'Segue o catálogo' })
    .returning();
  await t.database.db.insert(fileListOptions).values([
    {
      companyId: admin.companyId,
      fileListId: list.id,
      name: 'catalogo.png',
      path: `/public/company${admin.companyId}/files/${name}`,
      mediaType: 'image',
    },
    { companyId: admin.companyId, fileListId: list.id, name: 'ainda-sem-arquivo.pdf' },
  ]);
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', greetingMessage: 'Como ajudar?', orderQueue: 1 });
  const other = await t.factory.queue(admin.companyId, { name: 'Outra', orderQueue: 2 });
  await insertOptions(t, main, [
    { name: 'Catálogo', type: 'file', optFileId: list.id },
    { name: 'Humano', message: 'Aguarde' },
  ]);
  const conn = await botConnection(t, admin, [main, other]);
  const caio = customer(t, conn);
  await caio.write('oi');
  await caio.write('1');
  // The file arrives as an image (its name is the caption the provider may drop); a file not uploaded yet is left out.
  expect(await caio.write('1')).toHaveLength(2);
  const phone = (await customerOf(t, conn).conversation(caio.number)).json();
  expect(phone.messages.at(-2)).toMatchObject({ fromCustomer: false, body: 'Segue o catálogo' });
  expect(phone.messages.at(-1)).toMatchObject({ fromCustomer: false, type: 'image', mediaUrl: expect.stringMatching(/\.png$/) });
  expect(await caio.write('2')).toEqual(['Aguarde']);
});

test('an option whose queue or file list was deleted is skipped: the menu lists only what works', async () => {
  const admin = await t.factory.admin();
  const gone = await t.factory.queue(admin.companyId, { name: 'Apagada' });
  const [list] = await t.database.db.insert(fileLists).values({ companyId: admin.companyId, name: 'Apagada' }).returning();
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', greetingMessage: 'Como ajudar?', orderQueue: 1 });
  const other = await t.factory.queue(admin.companyId, { name: 'Outra', orderQueue: 2 });
  await insertOptions(t, main, [
    { name: 'Fila apagada', type: 'queue', optQueueId: gone.id },
    { name: 'Lista apagada', type: 'file', optFileId: list.id },
    { name: 'Vendas', message: 'Aguarde vendas' },
    { name: 'Dúvidas', message: 'Aguarde dúvidas' },
  ]);
  await t.database.db.delete(queues).where(eq(queues.id, gone.id));
  await t.database.db.delete(fileLists).where(eq(fileLists.id, list.id));
  const conn = await botConnection(t, admin, [main, other]);
  const dora = customer(t, conn);
  await dora.write('oi');
  expect(await dora.write('1')).toEqual(['Como ajudar?\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Dúvidas\n*[ # ]* - Voltar']);
  expect(await dora.write('2')).toEqual(['Aguarde dúvidas']);
});

test('sendQueuePosition tells the customer its place among the waiting tickets of the queue', async () => {
  const admin = await t.factory.admin();
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', greetingMessage: 'Como ajudar?', orderQueue: 1 });
  const other = await t.factory.queue(admin.companyId, { name: 'Outra', greetingMessage: 'Outra fila', orderQueue: 2 });
  await setSettings(t, admin.companyId, { sendQueuePosition: 'enabled', sendQueuePositionMessage: 'Sua posição na fila:' });
  const conn = await botConnection(t, admin, [main, other]);
  const first = customer(t, conn);
  await first.write('oi');
  expect(await first.write('1')).toEqual(['Como ajudar?\n\nSua posição na fila: *1*']);
  const second = customer(t, conn);
  await second.write('oi');
  expect(await second.write('1')).toEqual(['Como ajudar?\n\nSua posição na fila: *2*']);
});

test("userRandom gives the waiting ticket to one of the queue's online agents", async () => {
  const admin = await t.factory.admin();
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', orderQueue: 1 });
  const other = await t.factory.queue(admin.companyId, { name: 'Outra', orderQueue: 2 });
  const online = await t.factory.user({ companyId: admin.companyId, online: true });
  const offline = await t.factory.user({ companyId: admin.companyId, online: false });
  await t.factory.addUserToQueue(online.id, main.id);
  await t.factory.addUserToQueue(offline.id, main.id);
  await setSettings(t, admin.companyId, { userRandom: 'enabled' });
  const conn = await botConnection(t, admin, [main, other]);
  const eva = customer(t, conn);
  await eva.write('oi');
  await eva.write('1');
  expect(await eva.ticket()).toMatchObject({ status: 'pending', queueId: main.id, userId: online.id });
});

test('queue rotation offers the waiting ticket to each online agent in turn, every tempoRoteador minutes, until one takes it', async () => {
  const admin = await t.factory.admin();
  const main = await t.factory.queue(admin.companyId, { name: 'Atendimento', orderQueue: 1, ativarRoteador: true, tempoRoteador: 5 });
  const other = await t.factory.queue(admin.companyId, { name: 'Outra', orderQueue: 2 });
  const [a, b] = [
    await t.factory.user({ companyId: admin.companyId, online: true }),
    await t.factory.user({ companyId: admin.companyId, online: true }),
  ];
  const [first, second] = a.id < b.id ? [a, b] : [b, a];
  await t.factory.addUserToQueue(first.id, main.id);
  await t.factory.addUserToQueue(second.id, main.id);
  const conn = await botConnection(t, admin, [main, other]);
  const fabi = customer(t, conn);
  try {
    t.clock.set('2026-03-02T12:00:00Z');
    await fabi.write('oi');
    await fabi.write('1');
    expect(await fabi.ticket()).toMatchObject({ status: 'pending', userId: first.id });
    t.clock.advanceMinutes(4);
    await t.jobs.fireDueTimers();
    expect((await fabi.ticket()).userId).toBe(first.id);
    t.clock.advanceMinutes(1);
    await t.jobs.fireDueTimers();
    expect((await fabi.ticket()).userId).toBe(second.id);
    t.clock.advanceMinutes(5);
    await t.jobs.fireDueTimers();
    expect((await fabi.ticket()).userId).toBe(first.id);
    // The agent accepts: the next turn finds the ticket open and the rotation ends.
    const ticket = await fabi.ticket();
    const res = await (await t.as(first)).put(`/tickets/${ticket.id}`, { status: 'open', userId: first.id, queueId: main.id });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.advanceMinutes(5);
    await t.jobs.fireDueTimers();
    expect(await fabi.ticket()).toMatchObject({ status: 'open', userId: first.id });
    expect(t.jobs.heldTimers('automation.rotate')).toEqual([]);
  } finally {
    t.clock.reset();
  }
});

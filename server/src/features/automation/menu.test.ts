import { and, eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { messages, ticketAutomations, ticketLogs } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { runInboundAutomation } from './run-inbound';
import { botConnection, customer, insertOptions, jobDepsOf, setSettings, updateConnection } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

/** Two queues; Vendas has a two-level tree. */
async function twoQueues() {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', greetingMessage: 'Bem-vindo a Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', greetingMessage: 'Suporte aqui', orderQueue: 2 });
  const options = await insertOptions(t, vendas, [
    {
      name: 'Planos',
      message: 'Qual plano?',
      children: [
        { name: 'Básico', message: 'O básico custa 10' },
        { name: 'Premium', message: 'O premium custa 50' },
      ],
    },
    { name: 'Pedidos', message: 'Um atendente já vem' },
  ]);
  const conn = await botConnection(t, admin, [vendas, suporte]);
  return { admin, vendas, suporte, options, conn };
}

test('a first message gets the greeting and the queue menu; a number enters the queue and its option menu', async () => {
  const { conn, vendas } = await twoQueues();
  const ana = customer(t, conn);
  expect(await ana.write('oi')).toEqual(['Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
  const waiting = await ana.ticket();
  expect(waiting).toMatchObject({ status: 'pending', queueId: null, isBot: true, amountUsedBotQueues: 1 });

  expect(await ana.write('1')).toEqual(['Bem-vindo a Vendas\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Pedidos\n*[ # ]* - Voltar']);
  expect(await ana.write('1')).toEqual(['Qual plano?\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Premium\n*[ # ]* - Voltar']);
  expect(await ana.write('2')).toEqual(['O premium custa 50']);

  const ticket = await ana.ticket();
  expect(ticket).toMatchObject({ status: 'pending', queueId: vendas.id, userId: null, isBot: false });
  const logs = await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id)).orderBy(ticketLogs.id);
  expect(logs.map((l) => [l.type, l.queueId])).toEqual([
    ['create', null],
    ['chatBot', null],
    ['queue', vendas.id],
  ]);
  // The bot's messages are system messages marked as the bot's, sent like an agent's.
  const sent = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
  expect(sent).toHaveLength(4);
  for (const m of sent)
    expect(m).toMatchObject({ userId: null, dataJson: { bot: true }, ack: expect.any(Number), externalId: expect.any(String) });
  // Further messages reach the agents only.
  expect(await ana.write('obrigada')).toEqual([]);
});

test('anything but a listed number is answered with the same level again; # goes one level up, then to the queues', async () => {
  const { conn } = await twoQueues();
  const bia = customer(t, conn);
  await bia.write('bom dia');
  expect(await bia.write('quero comprar')).toEqual([
    'Opção inválida, por favor escolha uma das opções abaixo.\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
  ]);
  await bia.write('1');
  await bia.write('1');
  expect(await bia.write('?')).toEqual([
    'Opção inválida, por favor escolha uma das opções abaixo.\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Premium\n*[ # ]* - Voltar',
  ]);
  expect(await bia.write('#')).toEqual(['Bem-vindo a Vendas\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Pedidos\n*[ # ]* - Voltar']);
  expect(await bia.write('#')).toEqual(['Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
  expect((await bia.ticket()).queueId).toBeNull();
  expect(await bia.write('2')).toEqual(['Suporte aqui']);
  expect(await bia.ticket()).toMatchObject({ isBot: false, status: 'pending' });
});

test('maxUseBotQueues stops the menus; after timeUseBotQueues minutes they start again', async () => {
  const { conn: base } = await twoQueues();
  await updateConnection(t, base.id, { maxUseBotQueues: 2, timeUseBotQueues: 30 });
  const caio = customer(t, base);
  try {
    t.clock.set('2026-03-02T12:00:00Z');
    expect(await caio.write('oi')).toHaveLength(1);
    expect(await caio.write('x')).toHaveLength(1);
    expect(await caio.ticket()).toMatchObject({ isBot: true, amountUsedBotQueues: 2 });
    // Two menus shown: the bot stops asking and the ticket waits for an agent.
    expect(await caio.write('y')).toEqual([]);
    expect(await caio.ticket()).toMatchObject({ isBot: false, amountUsedBotQueues: 2, status: 'pending' });
    t.clock.advanceMinutes(10);
    expect(await caio.write('z')).toEqual([]);
    t.clock.advanceMinutes(21);
    expect(await caio.write('z')).toEqual([
      'Opção inválida, por favor escolha uma das opções abaixo.\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    ]);
    expect(await caio.ticket()).toMatchObject({ isBot: true, amountUsedBotQueues: 1 });
  } finally {
    t.clock.reset();
  }
});

test('with one queue the greeting goes only when sendGreetingMessageOneQueues is on, and a single option is chosen by itself', async () => {
  const admin = await t.factory.admin();
  const unica = await t.factory.queue(admin.companyId, { name: 'Única', greetingMessage: 'Fila única' });
  await insertOptions(t, unica, [
    {
      name: 'Somente',
      message: 'Escolha:',
      children: [
        { name: 'Opção A', message: 'A!' },
        { name: 'Opção B', message: 'B!' },
      ],
    },
  ]);
  const conn = await botConnection(t, admin, [unica]);
  await setSettings(t, admin.companyId, { sendGreetingMessageOneQueues: 'enabled' });
  const dora = customer(t, conn);
  // What the bot says in one turn reaches the phone as one message, in order.
  expect(await dora.write('oi')).toEqual([
    'Olá! Escolha um setor:\n\nFila única\n\nEscolha:\n\n*[ 1 ]* - Opção A\n*[ 2 ]* - Opção B\n*[ # ]* - Voltar',
  ]);
  expect(await dora.write('2')).toEqual(['B!']);

  await setSettings(t, admin.companyId, { sendGreetingMessageOneQueues: 'disabled' });
  const eva = customer(t, conn);
  expect(await eva.write('oi')).toEqual(['Escolha:\n\n*[ 1 ]* - Opção A\n*[ 2 ]* - Opção B\n*[ # ]* - Voltar']);
  expect(await eva.ticket()).toMatchObject({ queueId: unica.id, isBot: true });
});

test('a second run of a message already answered sends nothing (the job is idempotent by message id)', async () => {
  const { conn } = await twoQueues();
  const fabi = customer(t, conn);
  await fabi.write('oi');
  const ticket = await fabi.ticket();
  const [state] = await t.database.db.select().from(ticketAutomations).where(eq(ticketAutomations.ticketId, ticket.id));
  await runInboundAutomation(jobDepsOf(t), state.lastMessageId);
  await t.jobs.drain();
  expect(await fabi.received()).toEqual([]);
});

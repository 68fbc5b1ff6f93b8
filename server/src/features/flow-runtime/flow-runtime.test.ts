import { and, asc, eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { flows, messages, ticketAutomations } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { TINY_PNG } from '../../test/simulator';
import { HANDOFF_TEXT } from '../integrations';
import { storeMedia } from '../messages';
import { runFlowStep } from './step';
import { botConnection, customer, drawFlow, insertFlow, insertPhraseCampaign, jobDepsOf, runsOf, updateConnection } from './testing';

const t = useTestApp();
afterEach(() => {
  expect(t.jobs.errors).toEqual([]);
  t.clock.reset();
});

/** A company with one queue and a simulator connection whose chatbot would greet with the queue menu. */
async function company() {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', greetingMessage: 'Bem-vindo a Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  const conn = await botConnection(t, admin, [vendas, suporte]);
  return { admin, vendas, suporte, conn };
}

/** The ticket's outbound messages, oldest first. */
const sentOn = (ticketId: number) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    .orderBy(asc(messages.id));

test('a phrase starts its flow: menu (an invalid answer re-asks it), question, the answer in a later text, then the ticket node', async () => {
  const { admin, conn, suporte } = await company();
  const f = drawFlow();
  const hello = f.node('message', { label: 'Olá {{firstName}}! Bem-vindo.' });
  const menu = f.node('menu', {
    message: 'O que deseja?',
    arrayOption: [
      { number: 1, value: 'Comprar' },
      { number: 2, value: 'Suporte técnico' },
    ],
  });
  const ask = f.node('question', { message: 'Qual é o seu pedido?', answerKey: 'pedido' });
  const confirm = f.node('message', { label: 'Recebemos o pedido {{pedido}}.' });
  const toQueue = f.node('ticket', { name: 'Suporte', id: suporte.id });
  const bye = f.node('message', { label: 'Até logo' });
  f.chain(hello, menu);
  f.edge(menu, ask, 'a2');
  f.edge(menu, bye, 'a1');
  f.edge(ask, confirm);
  f.edge(confirm, toQueue);
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'Quero Ajuda', connectionId: conn.id });

  const ana = customer(t, conn);
  expect(await ana.write('quero ajuda')).toEqual([
    'Olá Cliente! Bem-vindo.',
    'O que deseja?\n\n*[ 1 ]* - Comprar\n*[ 2 ]* - Suporte técnico',
  ]);
  expect(await ana.write('talvez')).toEqual([
    'Opção inválida, por favor escolha uma das opções abaixo.\n\nO que deseja?\n\n*[ 1 ]* - Comprar\n*[ 2 ]* - Suporte técnico',
  ]);
  expect(await ana.write('suporte tecnico')).toEqual(['Qual é o seu pedido?']);
  expect(await ana.write('  A-123 ')).toEqual(['Recebemos o pedido A-123.']);

  const ticket = await ana.ticket();
  expect(ticket).toMatchObject({ status: 'pending', queueId: suporte.id, userId: null, isBot: false });
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'done', endReason: 'ticket', trigger: 'phrase', variables: { pedido: 'A-123' } });
  // The queue's own chatbot does not start on the ticket the flow placed.
  const [state] = await t.database.db.select().from(ticketAutomations).where(eq(ticketAutomations.ticketId, ticket.id));
  expect(state.stage).toBe('done');
  expect(await ana.write('olá?')).toEqual([]);
  // Flow messages went through the normal outbound path: sent to the provider, marked as the bot's.
  for (const m of await sentOn(ticket.id))
    expect(m).toMatchObject({ userId: null, dataJson: { bot: true }, externalId: expect.any(String) });
});

test('a content node sends its blocks in order; its interval block and an interval node wait as timers', async () => {
  const { admin, conn } = await company();
  const image = await storeMedia(t.config, admin.companyId, TINY_PNG, 'png');
  const f = drawFlow();
  const content = f.node('singleBlock', {
    seq: ['message1', 'interval2', 'img3', 'message4'],
    elements: [
      { number: 'message4', type: 'message', value: 'Depois da imagem' },
      { number: 'message1', type: 'message', value: 'Antes da pausa' },
      { number: 'interval2', type: 'interval', value: '5' },
      { number: 'img3', type: 'img', value: image, original: 'foto.png' },
    ],
  });
  const wait = f.node('interval', { label: 'pausa', sec: 30 });
  const after = f.node('message', { label: 'Fim' });
  f.chain(content, wait, after);
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'conteudo' });

  t.clock.set('2030-01-01T12:00:00Z');
  const bia = customer(t, conn);
  expect(await bia.write('Conteúdo')).toEqual(['Antes da pausa']);
  expect(t.jobs.heldTimers('flow.resume').map((h) => h.dueAt.toISOString())).toEqual(['2030-01-01T12:00:05.000Z']);
  t.clock.set('2030-01-01T12:00:05Z');
  await t.jobs.fireDueTimers();
  const ticket = await bia.ticket();
  const sent = await sentOn(ticket.id);
  expect(sent.map((m) => [m.mediaType, m.body])).toEqual([
    ['conversation', 'Antes da pausa'],
    ['image', ''],
    ['conversation', 'Depois da imagem'],
  ]);
  expect(sent[1].mediaUrl).toBe(image);
  expect(t.jobs.heldTimers('flow.resume')).toHaveLength(1);
  t.clock.set('2030-01-01T12:00:34Z');
  await t.jobs.fireDueTimers();
  expect(await sentOn(ticket.id)).toHaveLength(3);
  t.clock.set('2030-01-01T12:00:35Z');
  await t.jobs.fireDueTimers();
  expect((await sentOn(ticket.id)).map((m) => m.body).at(-1)).toBe('Fim');
  expect((await runsOf(t, ticket.id))[0]).toMatchObject({ status: 'done', endReason: 'done' });
});

test('media nodes send their files; an audio with record goes as a voice note', async () => {
  const { admin, conn } = await company();
  const file = await storeMedia(t.config, admin.companyId, TINY_PNG, 'png');
  const f = drawFlow();
  f.chain(
    f.node('img', { url: file }),
    f.node('audio', { url: file, record: true }),
    f.node('video', { url: file }),
    f.node('audio', { url: file }),
  );
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'midia' });
  const caio = customer(t, conn);
  await caio.write('midia');
  const sent = await sentOn((await caio.ticket()).id);
  expect(sent.map((m) => [m.mediaType, m.mediaUrl, (m.dataJson as { voiceNote?: boolean }).voiceNote ?? false])).toEqual([
    ['image', file, false],
    ['audio', file, true],
    ['video', file, false],
    ['audio', file, false],
  ]);
});

test('a randomizer follows its percentage; a condition compares a variable', async () => {
  const { admin, conn } = await company();
  const f = drawFlow();
  const always = f.node('randomizer', { percent: 100 });
  const never = f.node('randomizer', { percent: 0 });
  const ask = f.node('question', { message: 'Idade?', answerKey: 'idade' });
  const cond = f.node('condition', { key: 'idade', condition: '>', value: '17' });
  f.chain(always, never);
  f.edge(always, f.node('message', { label: 'nunca pelo b' }), 'b');
  f.edge(never, f.node('message', { label: 'nunca pelo a' }), 'a');
  f.edge(never, ask, 'b');
  f.edge(ask, cond);
  f.edge(cond, f.node('message', { label: 'Maior de idade' }), 'a');
  f.edge(cond, f.node('message', { label: 'Menor de idade' }), 'b');
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'sorte' });
  const dani = customer(t, conn);
  expect(await dani.write('sorte')).toEqual(['Idade?']);
  expect(await dani.write('30')).toEqual(['Maior de idade']);
  const eva = customer(t, conn);
  await eva.write('sorte');
  expect(await eva.write('12')).toEqual(['Menor de idade']);
});

test('a typebot node without its address and an openai node without its key hand the customer to a human at once, with a note', async () => {
  const { admin, conn } = await company();
  for (const type of ['typebot', 'openai'] as const) {
    const g = drawFlow();
    g.chain(g.node(type, { name: 'bot' }), g.node('message', { label: 'nunca' }));
    const flow = await insertFlow(t, admin.companyId, g.document());
    await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: `usar ${type}` });
    const who = customer(t, conn);
    expect(await who.write(`usar ${type}`)).toEqual([HANDOFF_TEXT]);
    const ticket = await who.ticket();
    expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false });
    const [note] = await sentOn(ticket.id);
    expect(note).toMatchObject({
      isPrivate: true,
      body: expect.stringContaining(type === 'typebot' ? 'não tem a URL' : 'não tem chave de API'),
    });
    expect((await runsOf(t, ticket.id))[0].endReason).toBe(`${type}-failed`);
  }
});

test('phrases match without accents, case or spacing, only active campaigns, on their connection or any', async () => {
  const { admin, conn } = await company();
  const other = await botConnection(t, admin, []);
  const f = drawFlow();
  f.chain(f.node('message', { label: 'Fluxo da promoção' }));
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'Quero a Promoção', connectionId: conn.id });
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'desligada', status: false });
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'em qualquer uma' });
  const menu = 'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';

  for (const text of ['quero a promocao', '  QUERO   A PROMOÇÃO ', 'queroapromoção']) {
    expect(await customer(t, conn).write(text)).toEqual(['Fluxo da promoção']);
  }
  expect(await customer(t, conn).write('quero a promoção agora')).toEqual([menu]);
  expect(await customer(t, conn).write('desligada')).toEqual([menu]);
  // Another connection: its own campaign does not apply there; one for any connection does.
  expect(await customer(t, other).write('quero a promoção')).toEqual(['Olá! Escolha um setor:']);
  expect(await customer(t, other).write('Em qualquer UMA')).toEqual(['Fluxo da promoção']);
  // Another company's campaign never fires here.
  const stranger = await t.factory.admin();
  const theirs = await insertFlow(t, stranger.companyId, f.document());
  await insertPhraseCampaign(t, stranger.companyId, { flowId: theirs.id, phrase: 'so deles' });
  expect(await customer(t, conn).write('so deles')).toEqual([menu]);
});

test('the welcome flow runs on a new ticket; the not-phrase flow when no phrase matched; the chatbot stays quiet', async () => {
  const { admin, conn } = await company();
  const welcome = drawFlow();
  welcome.chain(welcome.node('message', { label: 'Boas-vindas do fluxo' }));
  const notPhrase = drawFlow();
  notPhrase.chain(notPhrase.node('message', { label: 'Não entendi a frase' }));
  const w = await insertFlow(t, admin.companyId, welcome.document());
  const n = await insertFlow(t, admin.companyId, notPhrase.document());
  await updateConnection(t, conn.id, { flowIdWelcome: w.id });
  const fabi = customer(t, conn);
  expect(await fabi.write('oi')).toEqual(['Boas-vindas do fluxo']);
  // A flow ran on the ticket: the chatbot menus do not start on it afterwards.
  expect(await fabi.write('oi de novo')).toEqual([]);

  await updateConnection(t, conn.id, { flowIdWelcome: null, flowIdNotPhrase: n.id });
  const gil = customer(t, conn);
  expect(await gil.write('qualquer coisa')).toEqual(['Não entendi a frase']);
  expect(await gil.write('outra coisa')).toEqual([]);
  // An inactive or unsaved flow starts nothing: the chatbot answers as before.
  await t.database.db.update(flows).set({ active: false }).where(eq(flows.id, n.id));
  expect(await customer(t, conn).write('oi')).toEqual(['Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
});

test('a step job delivered twice runs once', async () => {
  const { admin, conn } = await company();
  const f = drawFlow();
  const wait = f.node('interval', { sec: 10 });
  f.chain(wait, f.node('message', { label: 'Depois da espera' }));
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'duas vezes' });
  t.clock.set('2030-01-01T12:00:00Z');
  const hugo = customer(t, conn);
  await hugo.write('duas vezes');
  const [held] = t.jobs.heldTimers('flow.resume');
  const { runId, version } = held.payload as { runId: number; version: number };
  const deps = jobDepsOf(t);
  await Promise.all([runFlowStep(deps, runId, version), runFlowStep(deps, runId, version)]);
  await runFlowStep(deps, runId, version);
  t.clock.set('2030-01-01T12:01:00Z');
  await t.jobs.fireDueTimers();
  const bodies = (await sentOn((await hugo.ticket()).id)).map((m) => m.body);
  expect(bodies).toEqual(['Depois da espera']);
});

test('an agent accepting the ticket stops the flow: the interval ends without a message', async () => {
  const { admin, conn, vendas } = await company();
  const f = drawFlow();
  f.chain(f.node('message', { label: 'Um momento' }), f.node('interval', { sec: 20 }), f.node('message', { label: 'Ainda aí?' }));
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, { flowId: flow.id, phrase: 'atender' });
  t.clock.set('2030-01-01T12:00:00Z');
  const ivo = customer(t, conn);
  expect(await ivo.write('atender')).toEqual(['Um momento']);
  const ticket = await ivo.ticket();
  const res = await (await t.as(admin)).put(`/tickets/${ticket.id}`, { status: 'open', userId: admin.id, queueId: vendas.id });
  expect(res.statusCode, res.body).toBe(200);
  t.clock.set('2030-01-01T12:01:00Z');
  await t.jobs.fireDueTimers();
  expect(await ivo.received()).toEqual([]);
  expect((await runsOf(t, ticket.id))[0]).toMatchObject({ status: 'stopped', endReason: 'human' });
});

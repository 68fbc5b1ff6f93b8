// Screenshots of the flow builder (issue 18 "Screens to look at"), at 1366x768: the flow list, the
// editor with every node type on the canvas, and each node's dialog open. Not a test: run by hand
// after building web and server:
//   npx tsx e2e/shots/flow-builder-shots.ts [output dir]
// It starts the built server on a fresh PGlite data directory (as the e2e run does), draws the flow
// through the API (POST /flowbuilder/flow, media through POST /flowbuilder/content) and opens it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { makePng } from '../fixtures/png';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, REPO_ROOT, startServer } from '../src/server';

const OUT = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'e2e/screenshots/flow-builder'));

async function call<T>(baseUrl: string, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

const id = (tag: string) => tag.padEnd(30, '0');
const node = (tag: string, type: string, x: number, y: number, data: Record<string, unknown>) => ({
  id: id(tag),
  type,
  position: { x, y },
  data,
});
const edge = (from: string, to: string, handle = 'a') => ({
  id: `e-${from}-${handle}-${to}`,
  source: id(from),
  target: id(to),
  sourceHandle: handle,
  targetHandle: 'a',
});

async function drawEveryNode(baseUrl: string, token: string) {
  for (const name of ['Boas-vindas', 'Pós-venda', 'Suporte técnico', 'Campanha de Natal'])
    await call(baseUrl, 'POST', '/flowbuilder', token, { name });
  const flow = await call<{ id: number }>(baseUrl, 'POST', '/flowbuilder', token, { name: 'Atendimento completo' });
  const queue = await call<{ id: number; name: string }>(baseUrl, 'POST', '/queue', token, {
    name: 'Vendas',
    color: '#1565c0',
    greetingMessage: 'Bem-vindo às vendas',
  });
  const form = new FormData();
  form.append('medias', new Blob([new Uint8Array(makePng(320, 180).bytes)], { type: 'image/png' }), 'banner.png');
  const [image] = await call<{ name: string; original: string }[]>(baseUrl, 'POST', '/flowbuilder/content', token, form);
  const nodes = [
    node('start', 'start', 0, 200, { label: 'Inicio do fluxo' }),
    node('content', 'singleBlock', 320, 120, {
      seq: ['message1', 'interval2', 'img3'],
      elements: [
        { number: 'message1', type: 'message', value: 'Olá {{nome}}! Bem-vindo à Loja Exemplo.' },
        { number: 'interval2', type: 'interval', value: '3' },
        { number: 'img3', type: 'img', value: image.name, original: image.original },
      ],
    }),
    node('menu', 'menu', 640, 120, {
      message: 'Como podemos ajudar?',
      arrayOption: [
        { number: 1, value: 'Comprar' },
        { number: 2, value: 'Suporte' },
        { number: 3, value: 'Falar com a IA' },
      ],
    }),
    node('question', 'question', 960, 0, { message: 'Qual é o seu nome?', answerKey: 'nome' }),
    node('random', 'randomizer', 960, 200, { percent: 70 }),
    node('openai', 'openai', 960, 400, {
      name: 'Assistente',
      apiKey: 'sk-demo',
      prompt: 'Você é um atendente cordial da Loja Exemplo.',
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
    }),
    node('interval', 'interval', 1280, 0, { label: 'Intervalo de 10 seg.', sec: 10 }),
    node('ticket', 'ticket', 1280, 200, { id: queue.id, name: queue.name }),
    node('typebot', 'typebot', 1280, 380, {
      name: 'Pesquisa NPS',
      urlN8N: 'https://typebot.exemplo',
      typebotSlug: 'nps',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
    }),
    // Earlier-style nodes a flow drawn by an older editor may hold.
    node('message', 'message', 0, 560, { label: 'Mensagem simples' }),
    node('img', 'img', 320, 560, { url: image.name }),
    node('audio', 'audio', 640, 560, { url: '', record: true }),
    node('video', 'video', 960, 560, { url: '' }),
  ];
  const connections = [
    edge('start', 'content'),
    edge('content', 'menu'),
    edge('menu', 'question', 'a1'),
    edge('menu', 'random', 'a2'),
    edge('menu', 'openai', 'a3'),
    edge('question', 'interval'),
    edge('random', 'ticket', 'a'),
    edge('random', 'typebot', 'b'),
  ];
  await call(baseUrl, 'POST', '/flowbuilder/flow', token, { idFlow: flow.id, nodes, connections });
  return flow.id;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`  ${name}.png`);
}

async function dialogOf(page: Page, type: string, name: string) {
  await page.getByTestId(`flow-node-${type}`).first().dblclick();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400); // the dialog's opening transition, for the picture only
  await shot(page, name);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const login = await fetch(`${server.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const flowId = await drawEveryNode(server.baseUrl, token);

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Senha', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/tickets');

    await page.goto('/flowbuilders');
    await page.getByTestId('flow-row').first().waitFor();
    await shot(page, '01-flow-list');
    await page.getByRole('button', { name: /Ações do fluxo Boas-vindas/ }).click();
    await shot(page, '02-flow-list-row-menu');
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400);
    await shot(page, '03-flow-delete-confirmation');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Adicionar Fluxo' }).click();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Digite um nome!').waitFor();
    await shot(page, '04-flow-name-required');
    await page.keyboard.press('Escape');

    await page.goto(`/flowbuilder/${flowId}`);
    await page.getByTestId('flow-node-typebot').waitFor();
    await page.waitForTimeout(500);
    await shot(page, '05-editor-every-node');
    await page.getByTestId('flow-add-node').click();
    await page.getByRole('menu').waitFor();
    await shot(page, '06-editor-quick-add-menu');
    await page.keyboard.press('Escape');

    await dialogOf(page, 'singleBlock', '07-dialog-content');
    await dialogOf(page, 'menu', '08-dialog-menu');
    await dialogOf(page, 'randomizer', '09-dialog-randomizer');
    await dialogOf(page, 'interval', '10-dialog-interval');
    await dialogOf(page, 'ticket', '11-dialog-ticket');
    await dialogOf(page, 'typebot', '12-dialog-typebot');
    await dialogOf(page, 'openai', '13-dialog-openai');
    await dialogOf(page, 'question', '14-dialog-question');
    await dialogOf(page, 'img', '14b-dialog-image-node');

    // The content dialog's checks, and a refused save naming its node.
    await page.getByTestId('flow-add-node').click();
    await page.getByRole('menuitem', { name: 'Conteúdo' }).click();
    const content = page.getByRole('dialog');
    await content.getByRole('button', { name: 'Audio', exact: true }).click();
    await content.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await content.getByText('Delete os cards vazios(Imagem, Audio e Video)').first().waitFor();
    await shot(page, '15-dialog-content-empty-card');
    await page.keyboard.press('Escape');
    await page.getByTestId('flow-save').click();
    await page.getByText('Fluxo salvo com sucesso').waitFor();
    await shot(page, '16-editor-saved');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

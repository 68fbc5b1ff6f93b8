import type { Locator, Page } from 'playwright-core';
import { test } from 'vitest';
import { unique } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

const rowOf = (page: Page, name: string) => page.getByTestId('flow-row').filter({ hasText: name });
const nodeOf = (page: Page, type: string) => page.getByTestId(`flow-node-${type}`);
const sourceHandle = (node: Locator, id = 'a') => node.locator(`.react-flow__handle.source[data-handleid="${id}"]`);
const targetHandle = (node: Locator) => node.locator('.react-flow__handle.target');

/** Drags an edge from one handle to another, as a person does with the mouse. */
async function connect(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const z = await to.boundingBox();
  if (!a || !z) throw new Error('expected both handles on the screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(z.x + z.width / 2, z.y + z.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function edgeCountIs(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('.react-flow__edge').length === n, count, { timeout: 15_000 });
}

/** Opens the quick-add menu, picks a type and waits for its dialog. */
async function addNode(page: Page, entry: string, dialogTitle: string): Promise<Locator> {
  await page.getByTestId('flow-add-node').click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await shows(dialog, `the ${entry} dialog`);
  return dialog;
}

test('an admin draws a flow with content, a menu and a question, saves it, finds it after a reload, and deletes a node with Delete', async () => {
  const { page } = b;
  const name = `Atendimento ${unique()}`;
  await loginAs(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await menuLink(page, 'Conversa (Fluxo)').click();
  await atPath(page, '/flowbuilders');
  await shows(page.getByRole('heading', { name: 'Fluxos de conversa' }), 'the flow list title');

  await page.getByRole('button', { name: 'Adicionar Fluxo' }).click();
  const naming = page.getByRole('dialog', { name: 'Adicionar Fluxo' });
  await naming.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(naming.getByText('Digite um nome!'), 'the required-name message');
  await naming.getByLabel('Nome').fill(name);
  await naming.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(rowOf(page, name).getByText('Ativo'), 'the new flow, active, in the list');

  // A click on the name opens the editor (a click on the status switch switches the flow instead).
  await rowOf(page, name).getByText(name).click();
  await shows(page.getByRole('heading', { name: /Desenhe seu fluxo/ }), 'the editor heading');
  await shows(page.getByText('Não se esqueça de salvar seu fluxo!'), 'the editor hint');
  await shows(nodeOf(page, 'start').getByText('Inicio do fluxo'), 'the default start node');

  const content = await addNode(page, 'Conteúdo', 'Adicionar conteúdo ao fluxo');
  await content.getByRole('button', { name: 'Texto', exact: true }).click();
  await content.getByLabel('Mensagem').fill('Olá! Bem-vindo à loja.');
  await content.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await shows(content.getByText('Subindo os arquivos e criando o conteúdo...'), 'the uploading state');
  await hides(content, 'the content dialog');

  const menu = await addNode(page, 'Menu', 'Adicionar Menu ao fluxo');
  await menu.getByLabel('Mensagem').fill('Escolha uma opção');
  await menu.getByLabel('Opção 1').fill('Vendas');
  await menu.getByRole('button', { name: 'Adicionar opção' }).click();
  await menu.getByLabel('Opção 2').fill('Suporte');
  await menu.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await hides(menu, 'the menu dialog');

  const question = await addNode(page, 'Pergunta', 'Perguta');
  await question.getByLabel('Mensagem').fill('Qual é o seu nome?');
  await question.getByLabel('Salvar resposta na variável').fill('nome');
  await question.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await hides(question, 'the question dialog');

  // New nodes go to the right of the last one: fit the view so all four are on the screen.
  await page.locator('.react-flow__controls-fitview').click();
  await connect(page, sourceHandle(nodeOf(page, 'start')), targetHandle(nodeOf(page, 'singleBlock')));
  await connect(page, sourceHandle(nodeOf(page, 'singleBlock')), targetHandle(nodeOf(page, 'menu')));
  await connect(page, sourceHandle(nodeOf(page, 'menu'), 'a1'), targetHandle(nodeOf(page, 'question')));
  await edgeCountIs(page, 3);

  await page.getByTestId('flow-save').click();
  await shows(toast(page, 'Fluxo salvo com sucesso'), 'the saved toast');

  await page.reload();
  await shows(nodeOf(page, 'singleBlock').getByText('Olá! Bem-vindo à loja.'), 'the content node after a reload');
  await shows(nodeOf(page, 'menu').getByText('[2] Suporte'), 'the menu options after a reload');
  await shows(nodeOf(page, 'question').getByText('Qual é o seu nome?'), 'the question after a reload');
  await edgeCountIs(page, 3);

  // Select the question and press Delete: the node and its edge go.
  await nodeOf(page, 'question').getByText('Qual é o seu nome?').click();
  await page.keyboard.press('Delete');
  await hides(nodeOf(page, 'question'), 'the deleted question node');
  await edgeCountIs(page, 2);
  await page.getByTestId('flow-save').click();
  await shows(toast(page, 'Fluxo salvo com sucesso'), 'the saved toast after the delete');
  await page.reload();
  await shows(nodeOf(page, 'menu'), 'the menu after a second reload');
  await edgeCountIs(page, 2);
  if ((await nodeOf(page, 'question').count()) !== 0) throw new Error('the deleted question came back after a reload');

  // Back in the list: duplicate, then delete the copy, each after its confirmation.
  await page.getByRole('button', { name: 'Voltar aos fluxos' }).click();
  await atPath(page, '/flowbuilders');
  await rowOf(page, name)
    .getByRole('button', { name: `Ações do fluxo ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Duplicar' }).click();
  const duplicate = page.getByRole('dialog', { name: `Duplicar ${name}?` });
  await shows(duplicate.getByText('Tem certeza que deseja duplicar este fluxo?'), 'the duplicate confirmation');
  await duplicate.getByRole('button', { name: 'Sim' }).click();
  await shows(toast(page, 'Fluxo duplicado com sucesso'), 'the duplicated toast');
  await page.waitForFunction(
    (n) =>
      Array.from(document.querySelectorAll('[data-testid="flow-row"]') as ArrayLike<Element>).filter((r) => r.textContent?.includes(n))
        .length === 2,
    name,
  );

  await rowOf(page, name)
    .last()
    .getByRole('button', { name: `Ações do fluxo ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir ${name}?` });
  await shows(
    confirm.getByText('Tem certeza que deseja deletar este fluxo? Todas as integrações relacionados serão perdidos.'),
    'the delete confirmation',
  );
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await shows(toast(page, 'Fluxo excluído com sucesso'), 'the deleted toast');
  await page.waitForFunction(
    (n) =>
      Array.from(document.querySelectorAll('[data-testid="flow-row"]') as ArrayLike<Element>).filter((r) => r.textContent?.includes(n))
        .length === 1,
    name,
  );
});

import { expect, test } from 'vitest';
import { apiLogin, apiPost } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { conversationMessage, ticketItem } from '../src/conversation';
import { createInbox, customerConversation, customerNumber, customerSays } from '../src/inbox';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();

/** A node id as the editor makes them: 30 alphanumeric characters. */
const nodeId = (name: string) => name.padEnd(30, 'x').slice(0, 30);

/**
 * A flow as the flow builder saves it (its drawing is proven by flow-builder.e2e.ts): a greeting content
 * block, a question whose answer is kept in {{pedido}}, a menu of two options, then a content block
 * that uses the variable and a ticket node that puts the customer in the queue.
 */
function orderFlow(queue: { id: number; name: string }) {
  const n = (id: string, type: string, x: number, data: Record<string, unknown>) => ({ id: nodeId(id), type, position: { x, y: 0 }, data });
  const nodes = [
    n('start', 'start', 0, { label: 'Inicio do fluxo' }),
    n('hello', 'singleBlock', 300, {
      seq: ['message1'],
      elements: [{ number: 'message1', type: 'message', value: 'Olá! Aqui é a Padaria.' }],
    }),
    n('ask', 'question', 600, { message: 'Qual é o seu pedido?', answerKey: 'pedido' }),
    n('menu', 'menu', 900, {
      message: 'Como prefere receber?',
      arrayOption: [
        { number: 1, value: 'Entrega' },
        { number: 2, value: 'Retirada' },
      ],
    }),
    n('deliver', 'singleBlock', 1200, {
      seq: ['message1'],
      elements: [{ number: 'message1', type: 'message', value: 'Anotado: {{pedido}} para entrega. Um atendente já vai falar com você.' }],
    }),
    n('pickup', 'singleBlock', 1200, {
      seq: ['message1'],
      elements: [{ number: 'message1', type: 'message', value: 'Retire {{pedido}} no balcão.' }],
    }),
    n('queue', 'ticket', 1500, { id: queue.id, name: queue.name }),
  ];
  const edge = (source: string, target: string, sourceHandle = 'a') => ({
    id: `${source}-${sourceHandle}-${target}`,
    source: nodeId(source),
    target: nodeId(target),
    sourceHandle,
  });
  const connections = [
    edge('start', 'hello'),
    edge('hello', 'ask'),
    edge('ask', 'menu'),
    edge('menu', 'deliver', 'a1'),
    edge('menu', 'pickup', 'a2'),
    edge('deliver', 'queue'),
    edge('pickup', 'queue'),
  ];
  return { nodes, connections };
}

test('a phrase campaign made on /phrase-lists starts a flow from the customer phrase; the answers lead the ticket to the queue with the variable in a later message', async () => {
  const { page } = b;
  const inbox = await createInbox();
  const flowName = `Pedidos ${inbox.tag}`;
  const phrase = `Quero Fazer Um Pedido ${inbox.tag}`;

  // The flow, saved as the editor saves it (API set-up first: logging in ends the user's other sessions).
  const token = await apiLogin(inbox.agent.email, inbox.agent.password);
  const flow = await apiPost<{ id: number }>('/flowbuilder', { name: flowName }, token);
  await apiPost('/flowbuilder/flow', { idFlow: flow.id, ...orderFlow({ id: inbox.queueId, name: inbox.queueName }) }, token);

  // The phrase campaign, through its screen.
  await loginAs(page, inbox.agent.email, inbox.agent.password);
  await menuLink(page, 'Campanha (Fluxo)').click();
  await atPath(page, '/phrase-lists');
  await page.getByRole('button', { name: 'Campanha', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha com fluxo por frase' });
  await shows(dialog, 'the phrase campaign dialog');
  await dialog.getByTestId('flow-campaign-name').fill(`Disparo ${inbox.tag}`);
  await dialog.getByTestId('flow-campaign-flow').click();
  await page.getByRole('option', { name: flowName }).click();
  await hides(page.getByRole('listbox'), 'the flow menu');
  await dialog.getByTestId('flow-campaign-phrase').fill(phrase);
  await dialog.getByTestId('flow-campaign-save').click();
  await shows(toast(page, 'Frase criada com sucesso!'), 'the created toast');
  await hides(dialog, 'the phrase campaign dialog');
  await shows(page.getByRole('row').filter({ hasText: `Disparo ${inbox.tag}` }), 'the campaign in the table');

  // The customer types the phrase with other accents, case and spacing, and walks the flow.
  const number = customerNumber();
  const contact = `Cliente ${inbox.tag}`;
  const bodies = async () => (await customerConversation(inbox.connectionId, number)).map((m) => m.body);
  await customerSays(inbox.connectionId, number, contact, `  quero fazer um pedido ${inbox.tag.toUpperCase()} `);
  await expect.poll(bodies, { timeout: 60_000, interval: 250 }).toContain('Qual é o seu pedido?');
  await customerSays(inbox.connectionId, number, contact, '2 pães de queijo');
  await expect.poll(async () => (await bodies()).join('\n'), { timeout: 60_000, interval: 250 }).toContain('Como prefere receber?');
  // An answer that is no option is asked again, never left without a reply.
  await customerSays(inbox.connectionId, number, contact, 'talvez');
  await expect.poll(async () => (await bodies()).join('\n'), { timeout: 60_000, interval: 250 }).toContain('Opção inválida');
  await customerSays(inbox.connectionId, number, contact, '1');
  const confirmation = 'Anotado: 2 pães de queijo para entrega. Um atendente já vai falar com você.';
  await expect.poll(bodies, { timeout: 60_000, interval: 250 }).toContain(confirmation);

  // The ticket waits in the queue; the agent takes it and reads the flow's messages, the variable filled in.
  await page.goto('/tickets');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  const item = ticketItem(page, contact);
  await shows(item, 'the waiting ticket', 60_000);
  await shows(item.getByText(inbox.queueName), 'in the flow’s queue');
  await item.getByRole('button', { name: 'Aceitar' }).click();
  await shows(page.getByTestId('ticket-header').filter({ hasText: contact }), 'the accepted conversation', 60_000);
  await shows(conversationMessage(page, confirmation), 'the message with the answer in place of {{pedido}}', 60_000);
}, 300_000);

import { adminToken, apiGet, apiPost, unique } from './api';

/**
 * API set-up for the inbox scenarios: a queue, a simulator connection bound to it and an agent in that
 * queue, all made as the main company's admin before anyone logs in through the browser.
 */

/** A colour no other scenario picks: colours are unique per company. */
export const colorFrom = (tag: string) =>
  `#${tag
    .replace(/[^0-9a-f]/gi, '0')
    .slice(0, 6)
    .padEnd(6, '0')}`.toLowerCase();

export interface Inbox {
  tag: string;
  queueId: number;
  queueName: string;
  connectionId: number;
  agent: { name: string; email: string; password: string };
}

export async function createQueue(token: string, name: string, tag: string): Promise<number> {
  const queue = await apiPost<{ id: number }>(
    '/queue',
    { name, color: colorFrom(tag), greetingMessage: `Bem-vindo à fila ${name}` },
    token,
  );
  return queue.id;
}

/** A queue, the default simulator connection on it, and an admin agent who works that queue. */
export async function createInbox(extraQueues = 0): Promise<Inbox & { otherQueues: { id: number; name: string }[] }> {
  const token = await adminToken();
  const tag = unique();
  const queueName = `Suporte ${tag}`;
  const queueId = await createQueue(token, queueName, tag);
  const otherQueues: { id: number; name: string }[] = [];
  for (let i = 0; i < extraQueues; i += 1) {
    const otherTag = unique();
    const name = `Financeiro ${otherTag}`;
    otherQueues.push({ id: await createQueue(token, name, otherTag), name });
  }
  const connection = await apiPost<{ id: number }>(
    '/whatsapp',
    { name: `Simulador ${tag}`, provider: 'simulator', isDefault: true, queueIds: [queueId] },
    token,
  );
  const agent = { name: `Agente ${tag}`, email: `e2e-agent-${tag}@example.com`, password: 'Senha123' };
  await apiPost('/users', { ...agent, profile: 'admin', queueIds: [queueId, ...otherQueues.map((q) => q.id)] }, token);
  return { tag, queueId, queueName, connectionId: connection.id, agent, otherQueues };
}

export interface SimulatorMessage {
  body: string;
  fromMe?: boolean;
  type: string;
}

/** What the customer sent and received on a simulator connection (the phone's view). */
export async function customerConversation(connectionId: number, number: string): Promise<SimulatorMessage[]> {
  const data = await apiGet<{ messages: SimulatorMessage[] }>(`/simulator/${connectionId}/messages?number=${number}`, await adminToken());
  return data.messages;
}

/** The customer writes through the simulator API (the same path the simulator page uses). */
export async function customerSays(connectionId: number, from: string, name: string, body: string): Promise<void> {
  await apiPost(`/simulator/${connectionId}/messages`, { from, name, type: 'text', body }, await adminToken());
}

/** A fresh customer phone number (the simulator takes 8-20 digits). */
export const customerNumber = () => `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

export interface ListedTicket {
  id: number;
  contact: { id: number; name: string };
}

/** The pending tickets whose search matches `tag`, once the inbound pipeline has opened at least `count` of them. */
export async function pendingTicketsOf(token: string, tag: string, count = 1): Promise<ListedTicket[]> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const page = await apiGet<{ tickets: ListedTicket[] }>(`/tickets?status=pending&showAll=true&searchParam=${tag}`, token);
    if (page.tickets.length >= count) return page.tickets;
    await new Promise((r) => setTimeout(r, 200)); // polling the API for the pipeline's rows, not waiting a fixed time
  }
  throw new Error(`the ${count} tickets of ${tag} never appeared`);
}

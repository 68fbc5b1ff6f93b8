import { inject } from 'vitest';
import { adminToken, unique } from './api';

/**
 * API set-up for the inbox scenarios: a queue, a simulator connection bound to it and an agent in that
 * queue, all made as the main company's admin before anyone logs in through the browser.
 */
async function call<T>(method: string, path: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

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
  const queue = await call<{ id: number }>(
    'POST',
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
  const connection = await call<{ id: number }>(
    'POST',
    '/whatsapp',
    { name: `Simulador ${tag}`, provider: 'simulator', isDefault: true, queueIds: [queueId] },
    token,
  );
  const agent = { name: `Agente ${tag}`, email: `e2e-agent-${tag}@example.com`, password: 'Senha123' };
  await call('POST', '/users', { ...agent, profile: 'admin', queueIds: [queueId, ...otherQueues.map((q) => q.id)] }, token);
  return { tag, queueId, queueName, connectionId: connection.id, agent, otherQueues };
}

export interface SimulatorMessage {
  body: string;
  fromMe?: boolean;
  type: string;
}

/** What the customer sent and received on a simulator connection (the phone's view). */
export async function customerConversation(connectionId: number, number: string): Promise<SimulatorMessage[]> {
  const token = await adminToken();
  const res = await fetch(`${inject('baseUrl')}/simulator/${connectionId}/messages?number=${number}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET simulator messages answered ${res.status}: ${await res.text()}`);
  const data = (await res.json()) as { messages: SimulatorMessage[] };
  return data.messages;
}

/** The customer writes through the simulator API (the same path the simulator page uses). */
export async function customerSays(connectionId: number, from: string, name: string, body: string): Promise<void> {
  await call('POST', `/simulator/${connectionId}/messages`, { from, name, type: 'text', body }, await adminToken());
}

/** A fresh customer phone number (the simulator takes 8-20 digits). */
export const customerNumber = () => `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

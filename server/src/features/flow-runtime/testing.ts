// Test helpers of the flow runtime: flow documents built in code and written straight into `flows`
// (the flow editor is another feature), and the run rows of a ticket.
import type { FlowConnection, FlowDocument, FlowNode, FlowNodeType } from '@chatflow/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  connections,
  contacts,
  flowCampaigns,
  flowRuns,
  flows,
  type QueueRow,
  type TicketRow,
  tickets,
  type UserRow,
} from '../../db/schema';
import type { JobDeps } from '../../jobs/define';
import type { TestContext } from '../../test/harness';
import { customerNumber, customerOf, type SimulatorConnection, simulatorConnection } from '../../test/simulator';
import { phraseKey } from '../flow-campaigns';

let counter = 0;
const nodeId = () => `n${String(++counter).padStart(29, '0')}`;

/**
 * A flow drawn in code: `node()` adds a node and returns its id, `edge()` joins two (optionally from
 * a handle: 'a1' for a menu's first option, 'b' for a randomizer's other way). Starts with its start node.
 */
export function drawFlow() {
  const nodes: FlowNode[] = [];
  const connections: FlowConnection[] = [];
  const node = (type: FlowNodeType, data: Record<string, unknown> = {}) => {
    const id = nodeId();
    nodes.push({ id, type, data, position: { x: nodes.length * 240, y: 0 } });
    return id;
  };
  const start = node('start', { label: 'Inicio do fluxo' });
  return {
    start,
    node,
    edge(source: string, target: string, sourceHandle = 'a') {
      connections.push({ id: `e-${source}-${sourceHandle}-${target}`, source, target, sourceHandle });
    },
    /** Nodes joined one after another from the start node, each by its 'a' handle. */
    chain(...ids: string[]) {
      let from = start;
      for (const id of ids) {
        this.edge(from, id);
        from = id;
      }
    },
    document: (): FlowDocument => ({ nodes, connections }),
  };
}

export async function insertFlow(
  t: TestContext,
  companyId: number,
  doc: FlowDocument | null,
  fields: { active?: boolean; name?: string } = {},
) {
  const [row] = await t.database.db
    .insert(flows)
    .values({ companyId, name: fields.name ?? `Fluxo ${++counter}`, active: fields.active ?? true, flow: doc })
    .returning();
  return row;
}

export async function insertPhraseCampaign(
  t: TestContext,
  companyId: number,
  fields: { flowId: number; phrase: string; connectionId?: number | null; status?: boolean },
) {
  const [row] = await t.database.db
    .insert(flowCampaigns)
    .values({
      companyId,
      name: `Campanha ${++counter}`,
      flowId: fields.flowId,
      connectionId: fields.connectionId ?? null,
      phrase: fields.phrase,
      phraseKey: phraseKey(fields.phrase),
      status: fields.status ?? true,
    })
    .returning();
  return row;
}

export const runsOf = (t: TestContext, ticketId: number) =>
  t.database.db.select().from(flowRuns).where(eq(flowRuns.ticketId, ticketId)).orderBy(asc(flowRuns.id));

/** A simulator connection serving `queues`, whose chatbot greets with the queue menu. */
export function botConnection(t: TestContext, admin: UserRow, queues: QueueRow[]) {
  return simulatorConnection(t, admin, { queueIds: queues.map((q) => q.id), greetingMessage: 'Olá! Escolha um setor:' });
}

export async function updateConnection(t: TestContext, id: number, fields: Partial<typeof connections.$inferInsert>) {
  await t.database.db.update(connections).set(fields).where(eq(connections.id, id));
}

/**
 * One customer of a connection: `write` sends a message, waits for every job it started (the
 * automation turn, the flow's steps, their sends) and answers what the phone received since the last call.
 */
export function customer(t: TestContext, connection: SimulatorConnection, number = customerNumber()) {
  const phone = customerOf(t, connection);
  let seen = 0;
  const received = async (): Promise<string[]> => {
    const res = await phone.conversation(number);
    expect(res.statusCode, res.body).toBe(200);
    const all = (res.json().messages as { fromCustomer: boolean; body: string }[]).filter((m) => !m.fromCustomer).map((m) => m.body);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };
  return {
    number,
    async write(body: string): Promise<string[]> {
      const res = await phone.send({ from: number, name: 'Cliente', body });
      expect(res.statusCode, res.body).toBe(200);
      await t.jobs.drain();
      return received();
    },
    received,
    async ticket(): Promise<TicketRow> {
      const rows = await t.database.db
        .select({ ticket: tickets })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.connectionId, connection.id), eq(contacts.number, number)))
        .orderBy(desc(tickets.id))
        .limit(1);
      expect(rows).toHaveLength(1);
      return rows[0].ticket;
    },
  };
}

export const jobDepsOf = (t: TestContext): JobDeps => ({
  db: t.database.db,
  config: t.config,
  realtime: t.app.realtime,
  log: t.app.log,
  jobs: t.jobs,
  channels: t.channels,
  clock: t.clock,
});

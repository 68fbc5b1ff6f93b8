// Test helpers of the flow runtime: flow documents built in code and written straight into `flows`
// (the flow editor is another feature), and the run rows of a ticket.
import type { FlowConnection, FlowDocument, FlowNode, FlowNodeType } from '@chatflow/contract';
import { asc, eq } from 'drizzle-orm';
import { flowCampaigns, flowRuns, flows } from '../../db/schema';
import type { TestContext } from '../../test/harness';
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

export { botConnection, customer, jobDepsOf, updateConnection } from '../../test/bot-customer';

import type { ChatbotOptionView } from '@chatflow/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type QueueOptionRow, queueOptions } from '../../db/schema';

/** Every option row of the company (or of some queues), in menu order. */
export async function loadOptionRows(db: DbOrTx, companyId: number, queueIds?: readonly number[]): Promise<QueueOptionRow[]> {
  if (queueIds && queueIds.length === 0) return [];
  return db
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), queueIds ? inArray(queueOptions.queueId, [...queueIds]) : undefined))
    .orderBy(asc(queueOptions.position), asc(queueOptions.id));
}

const presentOption = (r: QueueOptionRow, options: ChatbotOptionView[]): ChatbotOptionView => ({
  id: r.id,
  queueId: r.queueId,
  parentId: r.parentId,
  position: r.position,
  name: r.name,
  greetingMessage: r.greetingMessage,
  queueType: r.queueType,
  closeTicket: r.closeTicket,
  optQueueId: r.optQueueId,
  optUserId: r.optUserId,
  optIntegrationId: r.optIntegrationId,
  optFileId: r.optFileId,
  options,
});

/** Rows grouped by parent (null for a queue's roots are keyed by `q{queueId}`), rows already in menu order. */
function childrenIndex(rows: readonly QueueOptionRow[]) {
  const byParent = new Map<string, QueueOptionRow[]>();
  for (const r of rows) {
    const key = r.parentId === null ? `q${r.queueId}` : `o${r.parentId}`;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  return byParent;
}

/** Builds the nested views of the rows' options; `rootOf` picks the list whose subtrees are built. */
export function buildTrees(rows: readonly QueueOptionRow[]) {
  const byParent = childrenIndex(rows);
  const build = (key: string): ChatbotOptionView[] => (byParent.get(key) ?? []).map((r) => presentOption(r, build(`o${r.id}`)));
  return {
    /** A queue's root options. */
    ofQueue: (queueId: number) => build(`q${queueId}`),
    /** One option with its children. */
    option: (row: QueueOptionRow) => presentOption(row, build(`o${row.id}`)),
  };
}

/** The chatbot trees of some queues, by queue id. */
export async function loadChatbotTrees(db: DbOrTx, companyId: number, queueIds: readonly number[]) {
  return buildTrees(await loadOptionRows(db, companyId, queueIds));
}

/** The ids of `id`'s descendants among `rows` (one queue's rows). */
export function descendantIds(rows: readonly QueueOptionRow[], id: number): Set<number> {
  const byParent = childrenIndex(rows);
  const out = new Set<number>();
  const walk = (parent: number) => {
    for (const r of byParent.get(`o${parent}`) ?? []) {
      out.add(r.id);
      walk(r.id);
    }
  };
  walk(id);
  return out;
}

/** How deep `id` sits (a root is 1). */
export function depthOf(rows: readonly QueueOptionRow[], id: number): number {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let depth = 0;
  for (let r = byId.get(id); r; r = r.parentId === null ? undefined : byId.get(r.parentId)) depth++;
  return depth;
}

import type { PromptView } from '@chatflow/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PromptRow, prompts, queues } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentPrompt } from './presenter';

const withQueue = (db: DbOrTx) =>
  db
    .select({ prompt: prompts, queue: { id: queues.id, name: queues.name, color: queues.color } })
    .from(prompts)
    .leftJoin(queues, eq(queues.id, prompts.queueId));

/** GET /prompt: every prompt of the company, by name. */
export async function listPrompts(db: DbOrTx, companyId: number): Promise<PromptView[]> {
  const rows = await withQueue(db).where(eq(prompts.companyId, companyId)).orderBy(asc(prompts.name), asc(prompts.id));
  return rows.map((r) => presentPrompt(r.prompt, r.queue));
}

export async function findPrompt(db: DbOrTx, companyId: number, id: number): Promise<PromptRow> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function promptView(db: DbOrTx, companyId: number, id: number): Promise<PromptView> {
  const [row] = await withQueue(db).where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  if (!row) throw notFound();
  return presentPrompt(row.prompt, row.queue);
}

/** The prompt answering a queue's customers (the oldest, should several name the queue). */
export async function promptForQueue(db: DbOrTx, companyId: number, queueId: number): Promise<PromptRow | null> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.queueId, queueId)))
    .orderBy(asc(prompts.id))
    .limit(1);
  return row ?? null;
}

/** A prompt of the company by id, or null. */
export async function promptOf(db: DbOrTx, companyId: number, id: number): Promise<PromptRow | null> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  return row ?? null;
}

import { hasServiceHours, MAIN_COMPANY_ID, type QueueScheduleItem } from '@chatflow/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Tx } from '../../db/client';
import { companies, fileLists, plans, queueIntegrations, queues } from '../../db/schema';
import { AppError } from '../../http/errors';

/** The queue as it will be once saved: what the company-wide rules are checked against. */
export interface QueueDraft {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: Partial<QueueScheduleItem>[];
  integrationId?: number | null;
  fileListId?: number | null;
}

/**
 * Serialises queue writes of one company: the plan count, the greeting rule and the colour check
 * all read the company's other queues, and two concurrent saves must not both pass on a stale view.
 */
export async function lockCompanyQueues(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
}

async function queueCount(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** The plan's queue limit (plans.queues); the main company is the operator's own and has none. */
export async function assertPlanAllowsAnotherQueue(tx: Tx, companyId: number) {
  if (companyId === MAIN_COMPANY_ID) return;
  const [row] = await tx
    .select({ limit: plans.queues })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (row && (await queueCount(tx, companyId)) >= row.limit) throw new AppError('ERR_PLAN_QUEUE_LIMIT', 400);
}

/**
 * The company rules of spec 2 §5 Queue, checked inside the saving transaction: colour and name are
 * unique per company (case-insensitive, the unique indexes back this up), a greeting is required
 * once the company has more than one queue, and an out-of-hours message once service hours exist.
 */
export async function assertQueueRules(tx: Tx, companyId: number, draft: QueueDraft, selfId: number | null) {
  const others = (column: typeof queues.color | typeof queues.name, value: string) =>
    tx
      .select({ id: queues.id })
      .from(queues)
      .where(
        and(eq(queues.companyId, companyId), sql`lower(${column}) = lower(${value})`, selfId === null ? undefined : ne(queues.id, selfId)),
      )
      .limit(1);

  if ((await others(queues.color, draft.color)).length) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400);
  if ((await others(queues.name, draft.name)).length) throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 400);

  const total = (await queueCount(tx, companyId)) + (selfId === null ? 1 : 0);
  if (total > 1 && !draft.greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);

  if (hasServiceHours(draft.schedules) && !draft.outOfHoursMessage.trim()) {
    throw new ZodError([{ code: 'custom', path: ['outOfHoursMessage'], message: 'validation.required', input: draft.outOfHoursMessage }]);
  }

  // The integration and the file list a queue points at are the company's own: another company's is unknown.
  if (draft.integrationId) {
    const [found] = await tx
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.id, draft.integrationId), eq(queueIntegrations.companyId, companyId)));
    if (!found) throw new AppError('ERR_NOT_FOUND', 404);
  }
  if (draft.fileListId) {
    const [found] = await tx
      .select({ id: fileLists.id })
      .from(fileLists)
      .where(and(eq(fileLists.id, draft.fileListId), eq(fileLists.companyId, companyId)));
    if (!found) throw new AppError('ERR_NOT_FOUND', 404);
  }
}

/**
 * A concurrent save can still hit a unique index between the check and the write (on another node,
 * say); that is the same mistake as the checked one and gets the same answer, not a 500.
 */
export function asQueueConflict(err: unknown): unknown {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === 'queues_company_color_unique') return new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400);
    if (e.code === '23505' && e.constraint === 'queues_company_name_unique') return new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 400);
  }
  return err;
}

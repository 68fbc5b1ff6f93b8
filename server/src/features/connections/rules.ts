import { randomInt } from 'node:crypto';
import { CONNECTION_TOKEN_LENGTH, type ConnectionRuleValues, connectionRuleIssues, MAIN_COMPANY_ID } from '@chatflow/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, type ConnectionRow, connectionQueues, connections, flows, plans, prompts, queueIntegrations } from '../../db/schema';
import { cloudNumberAccess } from '../../channels/cloud-api/number-access';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { ZodError } from 'zod';
import { existingQueueIds } from '../queues';
import { getCompanySetting } from '../settings';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 30 random alphanumerics from the CSPRNG (spec 2 §3 "token"). */
export function generateConnectionToken(): string {
  let token = '';
  for (let i = 0; i < CONNECTION_TOKEN_LENGTH; i++) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return token;
}

/**
 * Serialises connection writes of one company: the default flag, the plan count and the name check
 * all read the company's other connections, and two concurrent saves must not both pass.
 */
export async function lockCompanyConnections(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
}

export async function connectionCount(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(connections).where(eq(connections.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** The plan's connection limit (plans.connections, or the company's numberConections when higher); the main company is the operator's own and has none. */
export async function assertPlanAllowsAnotherConnection(tx: Tx, companyId: number) {
  if (companyId === MAIN_COMPANY_ID) return;
  const [row] = await tx
    // The company's own count (bought with a custom plan, or set by the operator) raises the plan's limit.
    .select({ limit: sql<number>`greatest(${plans.connections}, ${companies.numberConections})`.mapWith(Number) })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (row && (await connectionCount(tx, companyId)) >= row.limit) throw new AppError('ERR_PLAN_CONNECTION_LIMIT', 400);
}

export interface ConnectionDraft extends ConnectionRuleValues {
  name: string;
  queueIds: number[];
  greetingMessage: string;
  queueIdImportMessages?: number | null;
  flowIdWelcome?: number | null;
  flowIdNotPhrase?: number | null;
  integrationId?: number | null;
  promptId?: number | null;
}

/**
 * The company rules of a connection, checked inside the saving transaction: the name is unique per
 * company (case-insensitive; the unique index backs this up), every queue (linked, redirect, import)
 * is the company's own (a foreign queue is as unknown as a missing one: 404), a connection with more
 * than one queue needs a greeting, since the greeting is what presents the queue menu
 * (ERR_WAPP_GREETING_REQUIRED), and the dialog's cross-field rules hold (connectionRuleIssues, the
 * same list the browser checks; the rating rule follows the company's userRating setting).
 */
export async function assertConnectionRules(tx: Tx, companyId: number, draft: ConnectionDraft, selfId: number | null): Promise<number[]> {
  const [taken] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.companyId, companyId),
        sql`lower(${connections.name}) = lower(${draft.name})`,
        selfId === null ? undefined : ne(connections.id, selfId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError('ERR_CONNECTION_NAME_ALREADY_EXISTS', 400);

  const queueIds = [...new Set(draft.queueIds)];
  const referenced = [...new Set([...queueIds, draft.sendIdQueue, draft.queueIdImportMessages].filter((id): id is number => !!id))];
  if ((await existingQueueIds(tx, companyId, referenced)).length !== referenced.length) throw new AppError('ERR_NOT_FOUND', 404);
  const flowIds = [...new Set([draft.flowIdWelcome, draft.flowIdNotPhrase].filter((id): id is number => !!id))];
  if (flowIds.length > 0) {
    const own = await tx
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.companyId, companyId), inArray(flows.id, flowIds)));
    if (own.length !== flowIds.length) throw new AppError('ERR_NOT_FOUND', 404);
  }
  // The connection's bot and AI prompt are the company's own too.
  if (draft.integrationId) {
    const [own] = await tx
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, draft.integrationId)));
    if (!own) throw new AppError('ERR_NOT_FOUND', 404);
  }
  if (draft.promptId) {
    const [own] = await tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, draft.promptId)));
    if (!own) throw new AppError('ERR_NOT_FOUND', 404);
  }
  if (queueIds.length > 1 && !draft.greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);

  const userRating = (await getCompanySetting(tx, companyId, 'userRating')) === 'enabled';
  const issues = connectionRuleIssues(draft, { userRating });
  if (issues.length > 0) {
    throw new ZodError(issues.map((i) => ({ code: 'custom' as const, path: [i.path], message: i.message, input: draft[i.path] })));
  }
  return queueIds;
}

export async function replaceConnectionQueues(tx: Tx, connectionId: number, queueIds: number[]) {
  await tx.delete(connectionQueues).where(eq(connectionQueues.connectionId, connectionId));
  if (queueIds.length > 0) await tx.insert(connectionQueues).values(queueIds.map((queueId) => ({ connectionId, queueId })));
}

/** Makes `connectionId` the company's only default connection; answers the connections that lost the flag. */
export async function makeOnlyDefault(tx: Tx, companyId: number, connectionId: number): Promise<ConnectionRow[]> {
  return tx
    .update(connections)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(connections.companyId, companyId), eq(connections.isDefault, true), ne(connections.id, connectionId)))
    .returning();
}

/**
 * A concurrent save may still hit the name index between the check and the write: the same answer,
 * not a 500. A phone number id already held by a connection (any company's) is refused the way
 * POST /facebook refuses a page: webhooks name only the id, so it must lead to one connection.
 */
export function asConnectionConflict(err: unknown): unknown {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === 'connections_company_name_unique') {
      return new AppError('ERR_CONNECTION_NAME_ALREADY_EXISTS', 400);
    }
    if (e.code === '23505' && e.constraint === 'connections_meta_account_unique') return new AppError('ERR_META_ACCOUNT_IN_USE', 409);
  }
  return err;
}

/**
 * A Cloud API connection receives every message Meta sends for its phone number id, so it is saved only
 * for a number Meta lets its token use: nobody can take another business's number by registering it first.
 * Asked on create and whenever the id or the token changes, with the pair that would be stored.
 */
export async function assertTokenMayUseNumber(ctx: RequestContext, phoneNumberId: string, token: string) {
  const access = await cloudNumberAccess(ctx.config.meta.graphApiUrl, phoneNumberId, token);
  if (access === 'refused') throw new AppError('ERR_META_NUMBER_NOT_OWNED', 400);
  if (access === 'unreachable') {
    ctx.log.warn({ phoneNumberId }, 'cloud api: Meta could not be asked whether the token may use the number');
    throw new AppError('ERR_META_UNREACHABLE', 502);
  }
}

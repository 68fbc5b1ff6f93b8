import { timingSafeEqual } from 'node:crypto';
import { isSubscriptionValid } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { companies, type ConnectionRow, connections, plans } from '../../db/schema';
import { bearerToken } from '../../http/authenticate';
import { AppError } from '../../http/errors';

const TOKEN = /^[A-Za-z0-9]{1,100}$/;

/**
 * The caller of the external API holds a connection's token (spec 3 "External messages API"): no
 * token or an unknown one is 401 ERR_INVALID_TOKEN; a company whose plan lacks useExternalApi gets
 * 403 ERR_PLAN_FEATURE_DISABLED, an expired subscription 402. Runs on request, before a body is read.
 */
export function externalApiAccess(db: Db) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token || !TOKEN.test(token)) throw new AppError('ERR_INVALID_TOKEN', 401);
    const [row] = await db
      .select({ connection: connections, company: companies, useExternalApi: plans.useExternalApi })
      .from(connections)
      .innerJoin(companies, eq(companies.id, connections.companyId))
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(eq(connections.token, token));
    // The index found it by equality; compare again in constant time so timing says nothing more.
    if (!row || !timingSafeEqual(Buffer.from(row.connection.token), Buffer.from(token))) throw new AppError('ERR_INVALID_TOKEN', 401);
    if (!row.useExternalApi) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    if (!isSubscriptionValid(row.company.id, row.company.dueDate, row.company.timeZone))
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
    req.apiConnection = row.connection;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    apiConnection: ConnectionRow;
  }
}

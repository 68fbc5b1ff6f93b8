import type { Actor } from '@chatflow/contract';
import { notFound } from '../../http/errors';

/**
 * A company a caller may address by id: the super user any, everyone else only their own. Another
 * company's id answers 404 (not 403) so ids of other tenants reveal nothing.
 */
export const canReachCompany = (actor: Actor, companyId: number) => actor.super || actor.companyId === companyId;

export function assertReachable(actor: Actor, companyId: number): void {
  if (!canReachCompany(actor, companyId)) throw notFound();
}

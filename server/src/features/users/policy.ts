import { ADMIN_ONLY_USER_FIELDS, type Actor, isAdmin, type UserUpdateInput } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { loginGuard } from '../../http/guards';

/** An admin sees and edits every user of the company; anyone else only themself (spec 2 §6). */
export const canManageUser = (actor: Pick<Actor, 'id' | 'profile'>, userId: number) => isAdmin(actor) || actor.id === userId;

/**
 * A company admin may not touch the platform operator: editing the super user's e-mail or password
 * would hand the whole platform to whoever administers company 1.
 */
export const canTouchTarget = (actor: Pick<Actor, 'super'>, target: Pick<UserRow, 'super'>) => !target.super || actor.super;

/**
 * Route guard for `/users/:id…`: admin, or the user named by the path. It runs before validation
 * (a login guard), so it reads the raw parameter: a value that is no id is nobody's own.
 */
export const requireSelfOrAdmin = loginGuard(async (req: FastifyRequest) => {
  const id = Number((req.params as { id?: unknown }).id);
  if (!canManageUser(req.ctx.actor, id)) throw forbidden();
});

type UpdateInput = z.output<typeof UserUpdateInput>;

/**
 * The admin-only fields `input` would change. The user modal sends every field back, so a profile
 * user saving their own form sends admin fields unchanged: only a different value is refused.
 */
export function changedAdminOnlyFields(input: UpdateInput, current: UserRow, currentQueueIds: number[]): string[] {
  return ADMIN_ONLY_USER_FIELDS.filter((field) => {
    const sent = input[field];
    if (sent === undefined) return false;
    if (field === 'queueIds') return !sameIdSet(sent as number[], currentQueueIds);
    return normalized(field, sent) !== normalized(field, current[field]);
  });
}

/** Values the form and the row spell differently but mean the same. */
function normalized(field: string, value: unknown): unknown {
  if (field === 'farewellMessage' && (value === '' || value === null)) return null;
  if (field === 'allHistoric' && value === null) return 'disabled';
  return value;
}

const sameIdSet = (a: number[], b: number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

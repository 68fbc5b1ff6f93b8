import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { type ContactRow, contacts } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import type { Realtime } from '../../../realtime/emit';
import { announceContact, normalizeContactNumber } from '../../contacts';
import { mergeContactsIn } from './merge-contacts';

export interface AliasDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** What became of the contact kept under an alias once its phone number was known. */
export type AliasOutcome =
  | { kind: 'none' } // no contact was kept under the alias
  | { kind: 'renumbered'; contactId: number } // the number had no contact: the alias's contact now has the number
  | { kind: 'merged'; contactId: number; mergeId: number }; // merged into the number's contact

/**
 * A customer first known by an alias (a WhatsApp Web LID, a Cloud API business-scoped user id) whose
 * phone number is now known. The contact kept under the alias becomes the number's contact: when the
 * number has a contact of its own, the alias's contact is merged into it by the contact-merge rules
 * (tickets with their messages, tags, wallet, kanban; an active ticket on the same connection is
 * closed, one open ticket stays), logged as a merge by nobody (undoable like any merge); otherwise the
 * alias's contact just takes the number. Once done no contact has the alias, so it happens once, and
 * later messages, keyed on the number, find the number's contact.
 */
export async function mergeAliasContact(
  deps: AliasDeps,
  scope: { companyId: number; channel: ContactRow['channel'] },
  rawAlias: string,
  rawNumber: string,
): Promise<AliasOutcome> {
  // Kept as the pipeline keeps contact numbers (a BSUID "BR.123…" by its digits).
  const alias = normalizeContactNumber(rawAlias, false);
  const number = normalizeContactNumber(rawNumber, false);
  if (!alias || !number || alias === number) return { kind: 'none' };
  // Most numbers learned (a phone book's mappings, on every login) have no contact under the alias:
  // found so by one indexed read, without a transaction or a lock. The transaction checks again.
  const [underAlias] = await deps.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, scope.companyId), eq(contacts.channel, scope.channel), eq(contacts.number, alias)));
  if (!underAlias) return { kind: 'none' };
  const transaction = transactionRunner(deps.db, deps.log);
  const outcome = await transaction(async (tx): Promise<AliasOutcome> => {
    const pair = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, scope.companyId), eq(contacts.channel, scope.channel), inArray(contacts.number, [alias, number])))
      .orderBy(contacts.id)
      .for('update');
    const aliased = pair.find((c) => c.number === alias);
    if (!aliased || aliased.isGroup) return { kind: 'none' };
    const numbered = pair.find((c) => c.number === number);
    if (!numbered) {
      const [renumbered] = await tx
        .update(contacts)
        .set({ number, name: aliased.name === alias ? number : aliased.name, updatedAt: new Date() })
        .where(eq(contacts.id, aliased.id))
        .returning();
      await announceContact(tx, deps.realtime, renumbered, 'update');
      return { kind: 'renumbered', contactId: renumbered.id };
    }
    const merge = await mergeContactsIn(tx, { ...deps, companyId: scope.companyId, actorId: null }, numbered.id, aliased.id);
    return { kind: 'merged', contactId: numbered.id, mergeId: merge.id };
  });
  if (outcome.kind !== 'none')
    deps.log.info({ companyId: scope.companyId, alias, number, ...outcome }, 'contact known by an alias joined its number');
  return outcome;
}

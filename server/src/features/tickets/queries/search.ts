import { searchesMessages } from '@chatflow/contract';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { contacts, messages, tickets } from '../../../db/schema';
import { type CountLimits, cappedCount } from './capped-count';
import { inIds } from './ids';

/** Up to this many matching contacts travel as a list of ids; more stay a subquery. */
const CONTACT_IDS_MAX = 5_000;
/** Matching messages read to learn which tickets match (see resolveSearch). */
export const MESSAGE_PROBE = 3_000;
/** The larger read of countSearchMatches, when the first one's tickets do not settle the count. */
export const WIDE_PROBE = 15_000;

/** What a common word (more matches than MESSAGE_PROBE) leaves for counting (see countSearchMatches). */
interface BroadWord {
  known: number[];
  byContact: SQL | undefined;
  messageMatch: SQL;
}

export interface ResolvedSearch {
  /** The search term as a condition on tickets (undefined: no term). */
  condition: SQL | undefined;
  broad: BroadWord | null;
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Tickets of up to `limit` matching messages, and whether that was every match. */
const ticketsOf = async (db: DbOrTx, messageMatch: SQL, limit: number) => {
  const rows = await db
    .select({ ticketId: messages.ticketId })
    .from(messages)
    .where(messageMatch)
    .limit(limit + 1);
  return { ids: [...new Set(rows.map((r) => r.ticketId))], complete: rows.length <= limit };
};

/**
 * The term of GET /tickets: contact name or number; with searchOnMessages also message bodies of the
 * company (through the trigram index, which needs three characters, so shorter terms search contacts
 * only). Resolved in steps so that PostgreSQL gets conditions it can plan well:
 * - Matching contacts are read first (the trigram index) and passed as a list of ids, which the
 *   planner hashes and counts right; a subquery would be guessed.
 * - Then at most MESSAGE_PROBE matching messages. Fewer than that: their tickets are all the message
 *   matches, again a list of ids, so a rare word costs a few index reads.
 * - More than that (a common word): reading every match would take seconds at millions of messages,
 *   so the condition tests each ticket while the list walks newest first (forced: left to choose,
 *   PostgreSQL sometimes reads every match up front), with the probe's tickets as a shortcut; a
 *   page is complete long before the history is.
 */
export async function resolveSearch(db: DbOrTx, companyId: number, term: string, onMessages: boolean): Promise<ResolvedSearch> {
  if (!term) return { condition: undefined, broad: null };
  const pattern = containsPattern(term);
  const contactMatch = and(eq(contacts.companyId, companyId), or(ilike(contacts.name, pattern), ilike(contacts.number, pattern)));
  const messageMatch = and(eq(messages.companyId, companyId), ilike(messages.body, pattern), eq(messages.isDeleted, false)) as SQL;
  const [contactRows, probe] = await Promise.all([
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(contactMatch)
      .limit(CONTACT_IDS_MAX + 1),
    searchesMessages({ searchParam: term, searchOnMessages: onMessages }) ? ticketsOf(db, messageMatch, MESSAGE_PROBE) : null,
  ]);
  const byContact =
    contactRows.length > CONTACT_IDS_MAX
      ? inArray(tickets.contactId, db.select({ id: contacts.id }).from(contacts).where(contactMatch))
      : contactRows.length > 0
        ? inIds(
            tickets.contactId,
            contactRows.map((r) => r.id),
          )
        : undefined;
  if (!probe) return { condition: byContact ?? sql`false`, broad: null };

  const known = probe.ids;
  const byKnown = known.length > 0 ? inIds(tickets.id, known) : undefined;
  if (probe.complete) return { condition: or(byContact, byKnown) ?? sql`false`, broad: null };
  // OFFSET 0 keeps the test per ticket: PostgreSQL cannot turn such a subquery into a hashed set of every match.
  const inTicket = db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(eq(messages.ticketId, tickets.id), messageMatch));
  const byMessage = sql`exists (${inTicket} offset 0)`;
  return { condition: or(byContact, byKnown, byMessage) as SQL, broad: { known, byContact, messageMatch } };
}

/**
 * The capped count of a list (its `filters` and the search's `condition`). For a common word, testing
 * ticket after ticket until the cap would read most of the history, so the tickets found by reading
 * matching messages are counted first: when those passing the filters reach the cap, that settles it.
 * Otherwise (a user who sees few queues, narrow filters) a larger read either reaches the cap too or
 * finds every matching message, which gives the exact count; only a word beyond even that, whose
 * tickets the filters nearly all hide, is counted by the per-ticket test.
 */
export async function countSearchMatches(
  db: DbOrTx,
  filters: SQL,
  search: ResolvedSearch,
  limits: CountLimits & { cap: number },
): Promise<number> {
  const where = and(filters, search.condition) as SQL;
  if (!search.broad) return cappedCount(db, where, limits);
  const { cap } = limits;
  const { known, byContact, messageMatch } = search.broad;
  // The probes' tickets are a list of ids: counted in any order (the pk), not walked in the list's.
  const amongKnown = (ids: number[]) => cappedCount(db, and(filters, inIds(tickets.id, ids)) as SQL, { cap });
  if (known.length >= cap && (await amongKnown(known)) >= cap) return cap;
  const wide = await ticketsOf(db, messageMatch, WIDE_PROBE);
  if (wide.complete) return cappedCount(db, and(filters, or(byContact, inIds(tickets.id, wide.ids))) as SQL, { cap });
  if ((await amongKnown(wide.ids)) >= cap) return cap;
  return cappedCount(db, where, limits);
}

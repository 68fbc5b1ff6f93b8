import { type Channel, CONTACT_NAME_MAX } from '@chatflow/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { type ContactRow, contacts } from '../../db/schema';
import type { Realtime } from '../../realtime/emit';
import { hasHooks } from './events';
import { eventViewer } from './lgpd';
import { contactViews } from './queries';
import { normalizeContactNumber } from './upsert';

export interface UpsertContactsInput {
  companyId: number;
  channel: Channel;
  /** The connection the company reaches them through; kept as a new contact's origin. */
  connectionId: number;
  people: { number: string; name: string }[];
}

/**
 * upsertContact for many people of one company and channel at once (a campaign step's contacts), in
 * two statements rather than a few per person: one INSERT ... ON CONFLICT that creates the missing
 * contacts and, for existing ones, applies upsertContact's patch (a contact still named after its
 * number takes the name; one without an origin connection takes this one) only where it changes
 * something, then one read of the contacts it left untouched. company-{id}-contact goes out after
 * the commit for each contact created or updated, as upsertContact does. Answers the contacts in the
 * order of `people` (two entries with the same number get the same contact).
 */
export async function upsertContacts(tx: DbOrTx, input: UpsertContactsInput, opts: { realtime?: Realtime } = {}): Promise<ContactRow[]> {
  const numbers = input.people.map((p) => normalizeContactNumber(p.number, false));
  if (numbers.some((n) => !n)) throw new Error('upsertContacts needs a number for everyone');
  // One row per number: ON CONFLICT DO UPDATE may not touch the same row twice in one statement.
  const names = new Map<string, string>();
  input.people.forEach((p, i) => {
    if (!names.has(numbers[i])) names.set(numbers[i], p.name.trim().slice(0, CONTACT_NAME_MAX) || numbers[i]);
  });
  if (names.size === 0) return [];

  const byNumber = new Map<string, ContactRow>();
  const changed: { row: ContactRow; action: 'create' | 'update' }[] = [];
  // In the order of the unique key: the existing rows this statement locks are locked in the same order by
  // any other batch (another campaign's step to the same people), so two of them never deadlock.
  const sorted = [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const written = await insertRows(
    tx,
    contacts,
    sorted.map(([number, name]) => ({
      companyId: input.companyId,
      channel: input.channel,
      number,
      name,
      isGroup: false,
      connectionId: input.connectionId,
    })),
    {
      onConflict: {
        target: [contacts.companyId, contacts.channel, contacts.number],
        set: {
          name: sql`case when ${contacts.name} = '' or ${contacts.name} = ${contacts.number} then excluded.name else ${contacts.name} end`,
          connectionId: sql`coalesce(${contacts.connectionId}, excluded.connection_id)`,
        },
        setWhere: sql`(excluded.name <> ${contacts.name} and (${contacts.name} = '' or ${contacts.name} = ${contacts.number}))
        or ${contacts.connectionId} is null`,
      },
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      extra: { created: sql<boolean>`(xmax = 0)` },
    },
  );
  for (const { created, ...row } of written) {
    byNumber.set(row.number, row);
    changed.push({ row, action: created ? 'create' : 'update' });
  }
  const untouched = [...names.keys()].filter((n) => !byNumber.has(n));
  if (untouched.length > 0) {
    const rows = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, input.companyId), eq(contacts.channel, input.channel), inArray(contacts.number, untouched)));
    for (const row of rows) byNumber.set(row.number, row);
  }

  if (changed.length > 0 && opts.realtime && hasHooks(tx)) {
    const realtime = opts.realtime;
    const views = await contactViews(
      tx,
      changed.map((c) => c.row),
      await eventViewer(tx, input.companyId),
    );
    tx.afterCommit(() => {
      for (const [i, c] of changed.entries()) realtime.toCompany(input.companyId, 'contact', { action: c.action, contact: views[i] });
    });
  }
  return numbers.map((n) => {
    const row = byNumber.get(n);
    if (!row) throw new Error(`contact ${n} vanished`);
    return row;
  });
}

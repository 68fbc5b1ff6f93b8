import { type Channel, CONTACT_NAME_MAX, contactDigits } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ContactRow, contacts } from '../../db/schema';
import type { Realtime } from '../../realtime/emit';
import { announceContact, hasHooks } from './events';

export interface UpsertContactInput {
  companyId: number;
  channel: Channel;
  number: string;
  /** The name the person goes by on the channel (push name); the number stands in when empty. */
  name: string;
  isGroup?: boolean;
  /** The connection the message came through; kept as the contact's origin on first contact. */
  connectionId?: number | null;
  urlPicture?: string;
}

/** A person's number is kept as digits; a group id is kept as the channel gives it. */
export function normalizeContactNumber(number: string, isGroup: boolean): string {
  const trimmed = number.trim();
  if (isGroup) return trimmed;
  return contactDigits(trimmed) || trimmed;
}

/**
 * The inbound pipeline's "one contact per person and channel": finds the company's contact for the
 * number or creates it. Safe under concurrency: the insert is ON CONFLICT DO NOTHING on the unique
 * (company, channel, number), and a loser of the race reads the winner's row. A name the agent gave
 * is never overwritten; a contact still named after its number takes the push name. With `realtime`
 * and a transaction from `ctx.transaction`, company-{id}-contact is sent after the commit.
 */
export async function upsertContact(
  tx: DbOrTx,
  input: UpsertContactInput,
  opts: { realtime?: Realtime } = {},
): Promise<{ contact: ContactRow; created: boolean }> {
  const isGroup = input.isGroup ?? false;
  const number = normalizeContactNumber(input.number, isGroup);
  if (!number) throw new Error('upsertContact needs a number');
  const pushName = input.name.trim().slice(0, CONTACT_NAME_MAX);
  const where = and(eq(contacts.companyId, input.companyId), eq(contacts.channel, input.channel), eq(contacts.number, number));

  let [row] = await tx.select().from(contacts).where(where);
  let action: 'create' | 'update' | null = null;
  if (!row) {
    const [inserted] = await tx
      .insert(contacts)
      .values({
        companyId: input.companyId,
        channel: input.channel,
        number,
        name: pushName || number,
        isGroup,
        connectionId: input.connectionId ?? null,
        urlPicture: input.urlPicture ?? '',
      })
      .onConflictDoNothing({ target: [contacts.companyId, contacts.channel, contacts.number] })
      .returning();
    if (inserted) {
      row = inserted;
      action = 'create';
    } else {
      [row] = await tx.select().from(contacts).where(where);
    }
  }
  if (action === null) {
    const patch: Partial<ContactRow> = {};
    if (pushName && pushName !== row.name && (!row.name || row.name === row.number)) patch.name = pushName;
    if (!row.connectionId && input.connectionId) patch.connectionId = input.connectionId;
    if (input.urlPicture && input.urlPicture !== row.urlPicture) patch.urlPicture = input.urlPicture;
    if (Object.keys(patch).length) {
      [row] = await tx.update(contacts).set(patch).where(eq(contacts.id, row.id)).returning();
      action = 'update';
    }
  }
  if (action && opts.realtime && hasHooks(tx)) await announceContact(tx, opts.realtime, row, action);
  return { contact: row, created: action === 'create' };
}

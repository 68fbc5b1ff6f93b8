import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { type ContactRow, contacts, contactTags, tags, type TagRow } from '../db/schema';
import { setCompanySetting } from '../features/settings';

/** Contact and tag rows for tests: shared by the contacts, tags and quick-messages suites. */

let sequence = 0;
/** A number no other contact of this test process has: 55 11 9 + 8 digits. */
export const freshNumber = () => `55119${String(++sequence).padStart(8, '0')}`;

export async function makeContact(db: Db, companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ companyId, name: `Contact ${randomBytes(3).toString('hex')}`, number: freshNumber(), ...overrides })
    .returning();
  return row;
}

export async function makeTag(db: Db, companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}): Promise<TagRow> {
  const [row] = await db
    .insert(tags)
    .values({ companyId, name: `Tag ${randomBytes(3).toString('hex')}`, color: '#123456', ...overrides })
    .returning();
  return row;
}

export async function tagContact(db: Db, contactId: number, tagId: number) {
  await db.insert(contactTags).values({ contactId, tagId });
}

export const hideNumbers = (db: Db, companyId: number, on = true) =>
  setCompanySetting(db, companyId, 'lgpdHideNumber', on ? 'enabled' : 'disabled');

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { type ContactRow, contacts, contactTags, tags, type TagRow } from '../../db/schema';
import { setCompanySetting } from '../settings/service';

/** Test-only helpers of the contacts, tags and quick-messages suites. */

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

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----chatflow${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { Db } from '../../db/client';
import { oggOpus } from '../../test/audio-files';
import {
  type ConnectionRow,
  type ContactRow,
  connections,
  contacts,
  type MessageRow,
  messages,
  type TicketRow,
  tickets,
} from '../../db/schema';

const unique = () => randomBytes(5).toString('hex');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/**
 * Rows the messages tests need (connections, contacts, tickets, messages), inserted directly so the
 * tests depend on no other feature's routes. Each call makes fresh rows.
 */
export function messageFactory(db: Db) {
  const f = {
    /** A simulator connection by default: the send job can really deliver through it. */
    async connection(companyId: number, overrides: Partial<typeof connections.$inferInsert> = {}): Promise<ConnectionRow> {
      const [row] = await db
        .insert(connections)
        .values({
          companyId,
          name: `Conn ${unique()}`,
          provider: 'simulator',
          status: 'CONNECTED',
          isDefault: true,
          token: randomBytes(15).toString('hex'),
          ...overrides,
        })
        .returning();
      return row;
    },
    async contact(companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}): Promise<ContactRow> {
      const [row] = await db
        .insert(contacts)
        .values({
          companyId,
          name: 'Maria Silva',
          number: `55119${digits(8)}`,
          ...overrides,
        })
        .returning();
      return row;
    },
    /** An open ticket (by default) with its own contact and connection unless given. */
    async ticket(companyId: number, overrides: Partial<typeof tickets.$inferInsert> = {}): Promise<TicketRow> {
      const connectionId = overrides.connectionId ?? (await f.connection(companyId)).id;
      const contactId = overrides.contactId ?? (await f.contact(companyId)).id;
      const [row] = await db
        .insert(tickets)
        .values({ companyId, status: 'open', ...overrides, connectionId, contactId })
        .returning();
      return row;
    },
    async message(ticket: TicketRow, overrides: Partial<typeof messages.$inferInsert> = {}): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          connectionId: ticket.connectionId,
          body: `hello ${unique()}`,
          ...overrides,
        })
        .returning();
      return row;
    },
    /** An inbound audio message whose file exists under the company's media folder. */
    async audioMessage(
      dataDir: string,
      ticket: TicketRow,
      data: Buffer = oggOpus(),
      overrides: Partial<typeof messages.$inferInsert> = {},
    ) {
      const name = `${unique()}${unique()}.ogg`;
      const dir = path.join(dataDir, 'public', `company${ticket.companyId}`, 'media');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, name), data);
      const row = await f.message(ticket, {
        mediaType: 'audio',
        body: '',
        mediaUrl: `/public/company${ticket.companyId}/media/${name}`,
        mediaName: name,
        ...overrides,
      });
      return { row, name };
    },
  };
  return f;
}

export { oggOpus };

/** An ID3 tag then an MPEG-1 Layer III frame header: sniffs as audio/mpeg (mp3). */
export const mp3 = (size = 12_000) =>
  Buffer.concat([
    Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    Buffer.alloc(size - 14, 0),
  ]);

/** The smallest PDF a reader opens (sniffs as application/pdf). */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/** A 1x1 PNG. */
export const png = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: Part[]): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----chatflow${unique()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

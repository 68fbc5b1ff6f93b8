import { randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AnyMessageContent, BaileysEventMap, MiscMessageGenerationOptions, WAMessage } from 'baileys';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MediaDownloader } from './media';
import type { BaileysSocket, SocketFactory, SocketOptions } from './socket';

/**
 * WHATSAPP_WEB_TRANSPORT=fake-phone: WhatsApp Web with no network, for tests that run whole server
 * processes (several nodes on one database) and for benchmarks. Each socket is a phone that scans
 * the first QR code at once (the login is then stored like a real one, so any node resumes it) and
 * opens straight away when it has a login. What it is sent (messages, edits, deletes) is written to the table fake_phone_sent
 * (created on first use, outside the migrations: only databases that ran the fake have it), so a
 * test in another process can count every message each node sent. A row in fake_phone_drops (number,
 * code; the test creates the table) drops the socket of the phone with that number with that
 * Baileys close code, as WhatsApp would (a browser test of the drop notice and "try again"). Never
 * for production.
 */
export function fakePhoneTransport(database: () => Db, nodeId: string): { makeSocket: SocketFactory; download: MediaDownloader } {
  let table: Promise<void> | null = null;
  const ready = () => {
    table ??= createSentTable(database()).catch((err) => {
      table = null;
      throw err;
    });
    return table;
  };
  return {
    makeSocket: (options) =>
      new FakePhoneSocket(
        options,
        async (row) => {
          await ready();
          await database().execute(
            sql`insert into fake_phone_sent (message_id, jid, body, kind, node) values (${row.messageId}, ${row.jid}, ${row.body}, ${row.kind}, ${nodeId})`,
          );
        },
        (number) => takeDrop(database(), number),
      ),
    download: async () => {
      throw new Error('the fake phone has no media');
    },
  };
}

/** The close code a test asked for the phone with this number (the row is taken), or null; none without the table. */
async function takeDrop(db: Db, number: string): Promise<number | null | 'never'> {
  // Only a test that made the table drops phones: without it (benchmarks, other tests) nobody watches.
  const made = await db.execute(sql`select to_regclass('fake_phone_drops') is not null as made`).catch(() => null);
  if (!(made as { rows?: { made: boolean }[] } | null)?.rows?.[0]?.made) return 'never';
  const taken = await db.execute(sql`delete from fake_phone_drops where number = ${number} returning code`).catch(() => null);
  const rows = (taken as { rows?: { code: number }[] } | null)?.rows ?? [];
  return rows[0] ? Number(rows[0].code) : null;
}

/** Two nodes may create it at once: the loser of that race finds it made. */
async function createSentTable(db: Db): Promise<void> {
  const create = sql`create table if not exists fake_phone_sent (
    id bigserial primary key,
    message_id text not null,
    jid text not null,
    body text not null,
    kind text not null default 'send',
    node text not null,
    sent_at timestamptz not null default now()
  )`;
  await db.execute(create).catch(() => db.execute(create));
}

/** `send` a new message (message_id its id); `edit` and `delete` name the message they change. */
type SentRow = { messageId: string; jid: string; body: string; kind: 'send' | 'edit' | 'delete' };

class FakePhoneSocket implements BaileysSocket {
  readonly ev = new EventEmitter();
  user: { id: string } | undefined;

  private watch: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: SocketOptions,
    private readonly record: (row: SentRow) => Promise<void>,
    private readonly dropFor: (number: string) => Promise<number | null | 'never'>,
  ) {
    // The provider attaches its listeners right after the factory returns.
    setImmediate(() => void this.connect());
  }

  /** Looks for a drop asked for this phone every half second while open. */
  private watchDrops() {
    const number = (this.user?.id ?? '').split(':')[0];
    this.watch = setInterval(async () => {
      const code = await this.dropFor(number);
      if (code === 'never') return this.end();
      if (code === null || !this.watch) return;
      this.end();
      const error = Object.assign(new Error('Connection Closed'), { output: { statusCode: code } });
      this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
    }, 500);
    this.watch.unref();
  }

  private emit<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]) {
    this.ev.emit(event, payload);
  }

  private async connect() {
    const { creds } = this.options.auth;
    if (!creds.registered) {
      // A new login: a QR code, scanned at once by a phone with a number of its own.
      this.emit('connection.update', { qr: `fake-phone-${randomInt(1e9)}`, connection: 'connecting' });
      const number = `5511${randomInt(1e8, 1e9)}`;
      this.emit('creds.update', { me: { id: `${number}:1@s.whatsapp.net`, name: 'Fake phone' }, registered: true });
    }
    this.user = { id: this.options.auth.creds.me?.id ?? '5511000000000:1@s.whatsapp.net' };
    this.emit('connection.update', { connection: 'open' });
    this.watchDrops();
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    const id = options?.messageId ?? `FAKE${randomInt(1e12)}`;
    const body = 'text' in content && typeof content.text === 'string' ? content.text : '';
    if ('delete' in content && content.delete) {
      await this.record({ messageId: content.delete.id ?? '', jid, body: '', kind: 'delete' });
    } else if ('edit' in content && content.edit) {
      await this.record({ messageId: content.edit.id ?? '', jid, body, kind: 'edit' });
    } else {
      await this.record({ messageId: id, jid, body, kind: 'send' });
    }
    return { key: { remoteJid: jid, id, fromMe: true }, message: { conversation: body } };
  }

  async readMessages() {}
  async profilePictureUrl() {
    return undefined;
  }
  async onWhatsApp(...numbers: string[]) {
    return numbers.map((n) => ({ jid: `${n}@s.whatsapp.net`, exists: true }));
  }
  async requestPairingCode() {
    return 'FAKE1234';
  }
  async rejectCall() {}
  async logout() {}
  end() {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }
  async groupMetadata(jid: string) {
    return { subject: jid };
  }
}

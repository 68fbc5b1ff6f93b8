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
 * test in another process can count every message each node sent. Never for production.
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
      new FakePhoneSocket(options, async (row) => {
        await ready();
        await database().execute(
          sql`insert into fake_phone_sent (message_id, jid, body, kind, node) values (${row.messageId}, ${row.jid}, ${row.body}, ${row.kind}, ${nodeId})`,
        );
      }),
    download: async () => {
      throw new Error('the fake phone has no media');
    },
  };
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

  constructor(
    private readonly options: SocketOptions,
    private readonly record: (row: SentRow) => Promise<void>,
  ) {
    // The provider attaches its listeners right after the factory returns.
    setImmediate(() => void this.connect());
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
  end() {}
  async groupMetadata(jid: string) {
    return { subject: jid };
  }
}

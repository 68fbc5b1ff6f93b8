// Memory per idle WhatsApp Web session, two ways, on an embedded database; heap and RSS growth divided by N.
// 1. fake: N BaileysProviders (the product's class) started, paired and CONNECTED over the fake
//    transport of the server's tests (the provider's own state; the fake stands for Baileys' socket).
// 2. real socket: N of Baileys' own sockets (makeWASocket, as the product configures it, with the
//    login store in the database) connected to a local WebSocket server that accepts and stays silent:
//    everything a session allocates before WhatsApp answers (signal store, caches, event buffer, ws).
// Run: cd server && node --expose-gc --import tsx ../bench/channels/idle-sessions.ts [N]
import { Browsers, makeCacheableSignalKeyStore, makeWASocket } from 'baileys';
import pino from 'pino';
import { WebSocketServer } from 'ws';
import { BaileysProvider } from '../../server/src/channels/baileys';
import { loadAuthState } from '../../server/src/channels/baileys/auth-state';
import type { ProviderEvents } from '../../server/src/channels/types';
import { openPglite } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { connections } from '../../server/src/db/schema';
import { makeFactory } from '../../server/src/test/factory';
import { FakeWhatsApp } from '../../server/src/test/whatsapp-web';

const n = Number(process.argv[2] ?? 50);
const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) gc?.();
  await new Promise((r) => setTimeout(r, 200));
};
const database = await openPglite();
await migrate(database);
const db = database.db;
const company = { id: (await makeFactory(db).admin()).companyId };
const rows = await db
  .insert(connections)
  .values(
    Array.from({ length: n }, (_, i) => ({
      companyId: company.id,
      name: `WA ${i}`,
      provider: 'beta',
      token: `T${String(i).padStart(29, '0')}`,
    })),
  )
  .returning();
const events: ProviderEvents = { onStatus: async () => {}, onInbound: async () => ({ status: 'ignored' }), onAck: async () => true };
const whatsapp = new FakeWhatsApp();
const deps = {
  db,
  log: pino({ level: 'silent' }),
  ...whatsapp,
  makeSocket: whatsapp.makeSocket,
  download: whatsapp.download,
  downloadLimitBytes: async () => 64 * 1024 * 1024,
  callPolicy: async () => ({ reject: false, message: '' }),
};
await settle();
const before = process.memoryUsage();
const providers: BaileysProvider[] = [];
for (const row of rows) {
  const p = new BaileysProvider(row, events, deps as never);
  await p.start();
  whatsapp.last.showQr();
  await whatsapp.last.pair(`55119${String(row.id).padStart(8, '0')}`);
  await p.settled();
  providers.push(p);
}
await settle();
const after = process.memoryUsage();
const mb = (b: number) => (b / 1024 / 1024).toFixed(2);
console.log(`${n} idle sessions: heap +${mb(after.heapUsed - before.heapUsed)} MB, rss +${mb(after.rss - before.rss)} MB`);
console.log(`per session: heap ${mb((after.heapUsed - before.heapUsed) / n)} MB, rss ${mb((after.rss - before.rss) / n)} MB`);
for (const p of providers) await p.stop();

// 2. Baileys' own sockets against a silent local server.
const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/ws/chat`;
let accepted = 0;
server.on('connection', () => accepted++);
const logger = pino({ level: 'silent' });
await settle();
const beforeReal = process.memoryUsage();
const sockets: ReturnType<typeof makeWASocket>[] = [];
for (const row of rows) {
  const auth = await loadAuthState(db, row);
  sockets.push(
    makeWASocket({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
      logger,
      browser: Browsers.ubuntu('Chat-flow'),
      markOnlineOnConnect: false,
      emitOwnEvents: false,
      syncFullHistory: false,
      waWebSocketUrl: url,
      connectTimeoutMs: 60_000,
    }),
  );
}
await new Promise((r) => setTimeout(r, 2_000));
await settle();
const afterReal = process.memoryUsage();
console.log(
  `${n} Baileys sockets (${accepted} connected to the silent server): heap +${mb(afterReal.heapUsed - beforeReal.heapUsed)} MB, rss +${mb(afterReal.rss - beforeReal.rss)} MB`,
);
console.log(
  `per session: heap ${mb((afterReal.heapUsed - beforeReal.heapUsed) / n)} MB, rss ${mb((afterReal.rss - beforeReal.rss) / n)} MB`,
);
for (const s of sockets) s.end(undefined);
server.close();
await database.close();
process.exit(0);

import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, test } from 'vitest';
import { users } from '../db/schema';
import { revokeUserSessions } from '../auth/sessions';
import { TEST_PASSWORD } from '../test/factory';
import { useTestApp } from '../test/harness';

const t = useTestApp({}, { realSockets: true });
const open: Socket[] = [];

afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const TIMEOUT_MS = 5_000;

/**
 * Resolves with the first payload of `event` that `match` accepts, or rejects after a bounded wait
 * (no sleeps, so no flakiness by timing). `match` skips unrelated events such as presence updates.
 */
function next<T = unknown>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no matching ${event} within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    const on = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
}

type UserEvent = { action: string; user?: { id: number; name: string; online: boolean }; userId?: number };

async function until(check: () => Promise<boolean> | boolean, timeoutMs = TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A client socket on `/{namespace}`; not yet connected, so listeners can be attached first. */
function socketFor(namespace: number, auth: Record<string, unknown>) {
  const socket = connect(`${t.url}/${namespace}`, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    forceNew: true,
  });
  open.push(socket);
  return socket;
}

/** Connects, or rejects with the server's refusal message. */
function connected(socket: Socket): Promise<Socket> {
  const done = Promise.race([
    next(socket, 'connect').then(() => socket),
    next<Error>(socket, 'connect_error').then((err) => Promise.reject(err)),
  ]);
  socket.connect();
  return done;
}

async function refusal(socket: Socket): Promise<string> {
  const err = await connected(socket).then(
    () => null,
    (e: Error) => e,
  );
  if (!err) throw new Error('the connection was accepted');
  return err.message;
}

async function online(user: { companyId: number }, token: string) {
  return connected(socketFor(user.companyId, { token }));
}

/** Server-side view of a socket's rooms (what the server actually joined it to). */
async function serverRooms(companyId: number, socket: Socket) {
  const sockets = await t.app.io.of(`/${companyId}`).fetchSockets();
  return [...(sockets.find((s) => s.id === socket.id)?.rooms ?? [])];
}

const login = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: TEST_PASSWORD }, remoteAddress: ip });

describe('handshake', () => {
  test('a valid token connects to its own company namespace, also as query.token', async () => {
    const user = await t.factory.user();
    const { token } = await t.as(user);
    expect((await online(user, token)).connected).toBe(true);
    const viaQuery = connect(`${t.url}/${user.companyId}`, {
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
    });
    open.push(viaQuery);
    expect((await connected(viaQuery)).connected).toBe(true);
  });

  test('a token of company A is refused on /B', async () => {
    const a = await t.factory.user();
    const b = await t.factory.user();
    const { token } = await t.as(a);
    expect(await refusal(socketFor(b.companyId, { token }))).toBe('ERR_NO_PERMISSION');
  });

  test('a missing or garbage token is refused', async () => {
    const user = await t.factory.user();
    expect(await refusal(socketFor(user.companyId, {}))).toBe('ERR_SESSION_EXPIRED');
    expect(await refusal(socketFor(user.companyId, { token: 'garbage.token.here' }))).toBe('ERR_SESSION_EXPIRED');
    expect(await refusal(socketFor(user.companyId, { token: 42 }))).toBe('ERR_SESSION_EXPIRED');
  });

  test('a page of another origin is refused at the handshake, even with a valid token; the app’s own origin connects', async () => {
    const user = await t.factory.user();
    const { token } = await t.as(user);
    const fromOrigin = (origin: string) => {
      const socket = connect(`${t.url}/${user.companyId}`, {
        auth: { token },
        transports: ['websocket'],
        extraHeaders: { origin },
        reconnection: false,
        autoConnect: false,
        forceNew: true,
      });
      open.push(socket);
      return socket;
    };
    expect(await refusal(fromOrigin('http://localhost:5555'))).toBe('websocket error');
    expect((await connected(fromOrigin(new URL(t.config.publicUrl).origin))).connected).toBe(true);
  });

  test('the app opened under another name than PUBLIC_URL (its Origin names the Host it called) connects; a foreign page is refused and logged', async () => {
    const user = await t.factory.user();
    const { token } = await t.as(user);
    const served = new URL(t.url);
    const withHeaders = (headers: Record<string, string>) => {
      const socket = connect(`${t.url}/${user.companyId}`, {
        auth: { token },
        transports: ['websocket'],
        extraHeaders: headers,
        reconnection: false,
        autoConnect: false,
        forceNew: true,
      });
      open.push(socket);
      return socket;
    };
    expect(new URL(t.config.publicUrl).host).not.toBe(served.host);
    expect((await connected(withHeaders({ origin: served.origin }))).connected).toBe(true);
    expect((await connected(withHeaders({ origin: 'http://chat.example.org:8080', host: 'chat.example.org:8080' }))).connected).toBe(true);

    const warnings: unknown[] = [];
    const warn = t.app.log.warn;
    t.app.log.warn = ((...args: unknown[]) => warnings.push(args[0])) as typeof warn;
    try {
      expect(await refusal(withHeaders({ origin: 'http://evil.example.com' }))).toBe('websocket error');
      expect(await refusal(withHeaders({ origin: `http://evil.example.com:${served.port}` }))).toBe('websocket error');
    } finally {
      t.app.log.warn = warn;
    }
    expect(warnings).toContainEqual(expect.objectContaining({ origin: 'http://evil.example.com' }));
  });

  test('a revoked session is refused even with an unexpired token', async () => {
    const user = await t.factory.user();
    const { token } = await t.as(user);
    await revokeUserSessions(t.database.db, user.id, 'test');
    expect(await refusal(socketFor(user.companyId, { token }))).toBe('ERR_SESSION_EXPIRED');
  });
});

describe('rooms', () => {
  test('joinTickets with an unknown status joins nothing; a known one joins its room', async () => {
    const user = await t.factory.user();
    const socket = await online(user, (await t.as(user)).token);
    socket.emit('joinTickets', 'everything');
    socket.emit('joinTickets', { $ne: null });
    socket.emit('joinTickets', 'open'); // handled after the two above: once it is in, they were refused
    await until(async () => (await serverRooms(user.companyId, socket)).includes('tickets:open'));
    const joined = await serverRooms(user.companyId, socket);
    expect(joined.filter((r) => r.startsWith('tickets:'))).toEqual(['tickets:open']);
    expect(joined).toEqual(expect.arrayContaining([`user:${user.id}`]));
    socket.emit('leaveTickets', 'open');
    await until(async () => !(await serverRooms(user.companyId, socket)).includes('tickets:open'));
  });
});

describe('events', () => {
  test("company-{id}-user reaches the company's sockets and not another company's", async () => {
    const a = await t.factory.user();
    const b = await t.factory.user();
    // The user as the API presents it (realtime sits below the features, so the test asks the app).
    const view = (await (await t.as(a)).get(`/users/${a.id}`)).json();
    const socketA = await online(a, (await t.as(a)).token);
    const socketB = await online(b, (await t.as(b)).token);
    const seenByB: string[] = [];
    socketB.onAny((event: string) => seenByB.push(event));

    const toA = next<UserEvent>(socketA, `company-${a.companyId}-user`, (p) => p.user?.name === 'Broadcast');
    const payload = { action: 'update' as const, user: { ...view, name: 'Broadcast' } };
    t.app.realtime.toCompany(a.companyId, 'user', payload);
    expect(await toA).toEqual(JSON.parse(JSON.stringify(payload)));

    // A marker sent to B afterwards: anything leaked to B from A would have arrived before it.
    const marker = next<UserEvent>(socketB, `company-${b.companyId}-user`, (p) => p.userId === -1);
    t.app.realtime.toCompany(b.companyId, 'user', { action: 'delete', userId: -1 });
    await marker;
    // Every event B heard is one of B's own (`company-{b}-…`, or `company{b}-tag`), the marker among them.
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.filter((e) => !new RegExp(`^company-?${b.companyId}-`).test(e))).toEqual([]);
  });

  test('userStatus marks the user online and the company hears it', async () => {
    const user = await t.factory.user();
    const event = `company-${user.companyId}-user`;
    const isMine = (p: UserEvent) => p.user?.id === user.id && p.user?.online === true;
    const socket = socketFor(user.companyId, { token: (await t.as(user)).token });
    const connectBeat = next<UserEvent>(socket, event, isMine);
    await connected(socket);
    await connectBeat; // connecting counts as a beat; wait for it so it cannot be taken for the next one
    const stored = async () => (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0];

    // As the sweep would after missed beats: offline with an old beat. The next beat brings them back.
    await t.database.db
      .update(users)
      .set({ online: false, lastSeenAt: new Date(0) })
      .where(eq(users.id, user.id));
    const announced = next<UserEvent>(socket, event, isMine);
    socket.emit('userStatus');
    expect(await announced).toMatchObject({ action: 'update', user: { id: user.id, online: true } });
    const row = await stored();
    expect(row.online).toBe(true);
    expect(Date.now() - row.lastSeenAt!.getTime()).toBeLessThan(60_000);
  });

  test('the last socket leaving marks the user offline', async () => {
    const user = await t.factory.user();
    const socket = await online(user, (await t.as(user)).token);
    const stored = async () => (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0];
    await until(async () => (await stored()).online);
    socket.disconnect();
    await until(async () => !(await stored()).online);
  });

  test("a second login tells the first session's socket (company-{id}-auth) and disconnects it", async () => {
    const user = await t.factory.user();
    const first = await login(user.email, '10.20.0.1');
    expect(first.statusCode).toBe(200);
    const socket = await online(user, first.json().token);
    const colleague = await t.factory.user({ companyId: user.companyId });
    const bystander = await online(colleague, (await t.as(colleague)).token);
    const bystanderEvents: string[] = [];
    bystander.onAny((event: string) => bystanderEvents.push(event));

    const told = next(socket, `company-${user.companyId}-auth`);
    const dropped = next<string>(socket, 'disconnect');
    expect((await login(user.email, '10.20.0.2')).statusCode).toBe(200);
    expect(await told).toEqual({ action: 'update', user: { id: user.id } });
    expect(await dropped).toBe('io server disconnect');
    // The colleague's socket: a marker emitted after the auth event arrives, so the auth event, had it been
    // sent to this socket too, would have arrived before it.
    const marker = next<UserEvent>(bystander, `company-${user.companyId}-user`, (p) => p.userId === -2);
    t.app.realtime.toCompany(user.companyId, 'user', { action: 'delete', userId: -2 });
    await marker;
    expect(bystander.connected).toBe(true);
    expect(bystanderEvents).toContain(`company-${user.companyId}-user`);
    expect(bystanderEvents).not.toContain(`company-${user.companyId}-auth`);

    // The superseded token cannot come back.
    expect(await refusal(socketFor(user.companyId, { token: first.json().token }))).toBe('ERR_SESSION_EXPIRED');
  });

  test('deleting a user tells and disconnects their socket', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const socket = await online(agent, (await t.as(agent)).token);
    const told = next(socket, `company-${agent.companyId}-auth`);
    const dropped = next<string>(socket, 'disconnect');
    expect((await (await t.as(admin)).delete(`/users/${agent.id}`)).statusCode).toBe(200);
    expect(await told).toEqual({ action: 'update', user: { id: agent.id } });
    expect(await dropped).toBe('io server disconnect');
  });
});

describe('handshake by the refresh cookie (a front end of another allowed origin sends no token)', () => {
  const origin = () => t.config.allowedOrigins[0];
  const cookieSocket = (companyId: number, headers: Record<string, string>) => {
    const socket = connect(`${t.url}/${companyId}`, {
      extraHeaders: headers,
      transports: ['websocket'],
      reconnection: false,
      autoConnect: false,
      forceNew: true,
    });
    open.push(socket);
    return socket;
  };
  const refreshCookieOf = async (email: string) => {
    const res = await login(email, '10.9.0.1');
    return `jrt=${res.cookies.find((c) => c.name === 'jrt')!.value}`;
  };

  test("an allowed origin with the cookie connects as the cookie's user, in that user's company only", async () => {
    const user = await t.factory.user();
    const cookie = await refreshCookieOf(user.email);
    const socket = await connected(cookieSocket(user.companyId, { cookie, origin: origin() }));
    expect(await serverRooms(user.companyId, socket)).toContain(`user:${user.id}`);
    const other = await t.factory.user();
    expect(await refusal(cookieSocket(other.companyId, { cookie, origin: origin() }))).toBe('ERR_NO_PERMISSION');
  });

  test('without an Origin, or with a rotated-out or revoked cookie, the cookie is worth nothing', async () => {
    const user = await t.factory.user();
    const cookie = await refreshCookieOf(user.email);
    expect(await refusal(cookieSocket(user.companyId, { cookie }))).toBe('ERR_SESSION_EXPIRED');
    // A second login ends the first session: its cookie no longer opens a socket.
    await refreshCookieOf(user.email);
    expect(await refusal(cookieSocket(user.companyId, { cookie, origin: origin() }))).toBe('ERR_SESSION_EXPIRED');
    const fresh = await refreshCookieOf(user.email);
    await revokeUserSessions(t.database.db, user.id, 'test');
    expect(await refusal(cookieSocket(user.companyId, { cookie: fresh, origin: origin() }))).toBe('ERR_SESSION_EXPIRED');
  });
});

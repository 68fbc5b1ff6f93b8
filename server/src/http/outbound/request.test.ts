import dns from 'node:dns';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { answerNames } from '../../test/fake-dns';
import { type FakeServer, fakeServer, json } from '../../test/fake-http-server';
import { parseAllowList } from './allow-list';
import type { OutboundError } from './errors';
import type { OutboundPolicy } from './policy';
import { outboundRequest } from './request';

let internal: FakeServer;
let hooks: FakeServer;
const port = (server: FakeServer) => new URL(server.url).port;

beforeAll(async () => {
  internal = await fakeServer();
  hooks = await fakeServer();
});
afterAll(async () => {
  await internal.close();
  await hooks.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  internal.reset();
  hooks.reset();
});

const policy = (allowed = '', overrides: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allow: parseAllowList(allowed),
  trustedOrigins: [],
  timeoutMs: 5_000,
  connectTimeoutMs: 5_000,
  maxBytes: 1024,
  maxRedirects: 3,
  ...overrides,
});

/** The OutboundError a call ends with (fails the test when the call succeeds). */
async function failureOf(call: Promise<Response>): Promise<OutboundError> {
  const outcome = await call.then(
    (res) => new Error(`expected a refusal, got ${res.status}`),
    (err: OutboundError) => err,
  );
  if (!('reason' in outcome)) throw outcome;
  return outcome;
}

describe('the outbound guard refuses what is not public', () => {
  test.each([
    (p: string) => `http://127.0.0.1:${p}/internal`,
    (p: string) => `http://localhost:${p}/internal`,
    (p: string) => `http://[::ffff:127.0.0.1]:${p}/internal`,
    (p: string) => `http://[::ffff:7f00:1]:${p}/internal`,
    (p: string) => `http://0x7f.1:${p}/internal`,
    (p: string) => `http://2130706433:${p}/internal`,
    (p: string) => `http://0.0.0.0:${p}/internal`,
  ])('a loopback listener is never reached: %s', async (address) => {
    internal.on('POST /internal', (_req, res) => json(res, 200, { messages: ['segredo interno'] }));
    const failure = await failureOf(outboundRequest(policy(), address(port(internal)), { method: 'POST', body: '{}' }));
    expect(failure.reason).toBe('refused');
    expect(failure.message).toMatch(/is not a public address \((loopback|unspecified)\)/);
    expect(internal.requests).toEqual([]);
  });

  test('a public-looking name that resolves inside is refused, also when only one of its addresses is inside', async () => {
    answerNames({ 'hooks.example.com': ['127.0.0.1'], 'mixed.example.com': ['93.184.215.14', '10.0.0.5'] });
    const inside = await failureOf(outboundRequest(policy(), `http://hooks.example.com:${port(internal)}/internal`));
    expect(inside.message).toBe('hooks.example.com (127.0.0.1) is not a public address (loopback); OUTBOUND_ALLOWED_HOSTS can allow it');
    const mixed = await failureOf(outboundRequest(policy(), 'http://mixed.example.com/'));
    expect(mixed.message).toContain('mixed.example.com (10.0.0.5) is not a public address (private)');
    expect(internal.requests).toEqual([]);
  });

  test('a public-looking host that redirects inside: the redirect is checked again and its target never reached', async () => {
    answerNames({ 'hooks.example.com': ['127.0.0.1'] });
    const targets = [`http://127.0.0.1:${port(internal)}/internal`, `http://localhost:${port(internal)}/internal`, '/same-host-other-path'];
    hooks.on('POST /hook', (req, res) => void res.writeHead(307, { location: targets[Number(req.headers['x-try'])] }).end());
    hooks.on('POST /same-host-other-path', (_req, res) => json(res, 200, { ok: true }));
    internal.on('POST /internal', (_req, res) => json(res, 200, { messages: ['segredo interno'] }));
    const allowHooksOnly = policy('hooks.example.com');
    for (const attempt of [0, 1]) {
      const failure = await failureOf(
        outboundRequest(allowHooksOnly, `http://hooks.example.com:${port(hooks)}/hook`, {
          method: 'POST',
          headers: { 'x-try': String(attempt) },
          body: '{}',
        }),
      );
      expect(failure.reason).toBe('refused');
    }
    expect(internal.requests).toEqual([]);
    // A redirect that stays on the allowed host is followed.
    const same = await outboundRequest(allowHooksOnly, `http://hooks.example.com:${port(hooks)}/hook`, {
      method: 'POST',
      headers: { 'x-try': '2' },
      body: '{}',
    });
    expect(await same.json()).toEqual({ ok: true });
  });

  test('file: and other schemes, and URLs with credentials, are not called', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:6379/_INFO', 'not a url']) {
      expect((await failureOf(outboundRequest(policy(), url))).reason).toBe('refused');
    }
    expect((await failureOf(outboundRequest(policy('127.0.0.1'), `http://a:b@127.0.0.1:${port(internal)}/`))).message).toContain(
      'credentials',
    );
  });
});

describe('what the operator allows', () => {
  test('an allowed address, CIDR range or host name is reached, and the answer is read', async () => {
    internal.on('GET /internal', (_req, res) => json(res, 200, { messages: ['olá'] }));
    for (const allowed of ['127.0.0.1', '127.0.0.0/8', 'localhost']) {
      const host = allowed === 'localhost' ? 'localhost' : '127.0.0.1';
      const res = await outboundRequest(policy(allowed), `http://${host}:${port(internal)}/internal`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ messages: ['olá'] });
    }
    expect(internal.requests).toHaveLength(3);
  });

  test('an operator-configured origin is trusted, that origin only: its redirect elsewhere inside is refused', async () => {
    hooks.on('POST /v1/chat/completions', (_req, res) => json(res, 200, { choices: [] }));
    hooks.on('POST /v1/elsewhere', (_req, res) => void res.writeHead(308, { location: `${internal.url}/internal` }).end());
    const trusted = policy('', { trustedOrigins: [hooks.url] });
    expect((await outboundRequest(trusted, `${hooks.url}/v1/chat/completions`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await failureOf(outboundRequest(trusted, `${hooks.url}/v1/elsewhere`, { method: 'POST', body: '{}' }))).reason).toBe('refused');
    expect(internal.requests).toEqual([]);
  });

  test('the connection goes to the address checked: the host is resolved once per hop, never again by the socket', async () => {
    const lookups = answerNames({ 'n8n.example.com': ['127.0.0.1'] });
    const socketLookup = vi.spyOn(dns, 'lookup');
    internal.on('GET /hook', (req, res) => json(res, 200, { host: req.headers.host }));
    const res = await outboundRequest(policy('127.0.0.1'), `http://n8n.example.com:${port(internal)}/hook`);
    expect(await res.json()).toEqual({ host: `n8n.example.com:${port(internal)}` });
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(socketLookup).not.toHaveBeenCalled();
  });

  test('a name with several checked addresses is reached on the one that answers (here IPv4, after ::1)', async () => {
    answerNames({ 'n8n.internal': ['::1', '127.0.0.1'] });
    internal.on('GET /hook', (_req, res) => json(res, 200, { ok: true }));
    const res = await outboundRequest(policy('n8n.internal'), `http://n8n.internal:${port(internal)}/hook`);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('redirects', () => {
  test('a 303 becomes a GET without body; a secret header does not follow to another origin', async () => {
    hooks.on('POST /start', (_req, res) => void res.writeHead(303, { location: `${internal.url}/next` }).end());
    internal.on('GET /next', (_req, res) => json(res, 200, { ok: true }));
    const res = await outboundRequest(policy('127.0.0.1'), `${hooks.url}/start`, {
      method: 'POST',
      headers: { authorization: 'Bearer chave', 'content-type': 'application/json', 'x-chatflow-event': 'message' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    const [next] = internal.requests;
    expect(next).toMatchObject({ method: 'GET', body: '' });
    expect(next.headers.authorization).toBeUndefined();
    expect(next.headers['content-type']).toBeUndefined();
    expect(next.headers['x-chatflow-event']).toBe('message');
  });

  test('more than maxRedirects hops is refused', async () => {
    hooks.on('GET /loop', (_req, res) => void res.writeHead(302, { location: '/loop' }).end());
    const failure = await failureOf(outboundRequest(policy('127.0.0.1'), `${hooks.url}/loop`));
    expect(failure.message).toBe('more than 3 redirects');
    expect(hooks.requests).toHaveLength(4);
  });
});

describe('limits', () => {
  test('a body past maxBytes is cut off, streamed or declared', async () => {
    internal.on('GET /streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 64; i++) res.write('x'.repeat(100));
      res.end();
    });
    internal.on('GET /declared', (_req, res) => void res.writeHead(200, { 'content-length': '5000' }).end('y'.repeat(5000)));
    internal.on('GET /small', (_req, res) => void res.writeHead(200).end('z'.repeat(1024)));
    for (const path of ['/streamed', '/declared']) {
      const failure = await failureOf(outboundRequest(policy('127.0.0.1'), `${internal.url}${path}`));
      expect(failure).toMatchObject({ reason: 'too-large', message: 'the answer is longer than 1024 bytes' });
    }
    expect(await (await outboundRequest(policy('127.0.0.1'), `${internal.url}/small`)).text()).toHaveLength(1024);
  });

  test('a server that never answers ends in the total timeout', async () => {
    internal.on('GET /silent', () => undefined);
    const failure = await failureOf(outboundRequest(policy('127.0.0.1', { timeoutMs: 300 }), `${internal.url}/silent`));
    expect(failure).toMatchObject({ reason: 'timeout' });
  });

  describe('a connection that never completes', () => {
    let silent: Server;
    const accepted: Socket[] = [];
    beforeAll(async () => {
      // Accepts TCP and never speaks TLS: an https call never connects.
      silent = createTcpServer((socket) => void accepted.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of accepted) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    test('ends in the connect timeout', async () => {
      const { port: silentPort } = silent.address() as { port: number };
      const failure = await failureOf(outboundRequest(policy('127.0.0.1', { connectTimeoutMs: 200 }), `https://127.0.0.1:${silentPort}/`));
      expect(failure).toMatchObject({ reason: 'timeout', message: `connecting to 127.0.0.1:${silentPort} timed out` });
    });
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: path without the version prefix, parsed JSON or multipart fields. */
export interface GraphCall {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | null;
  json: Record<string, unknown> | null;
  form: Record<string, string | { name: string; type: string; size: number }> | null;
}

export interface GraphReply {
  status?: number;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
}

type Handler = (call: GraphCall) => GraphReply | Promise<GraphReply>;

/** Graph's error body ({ error: { message, type, code, error_subcode, fbtrace_id } }). */
export const graphError = (status: number, code: number, message: string, subcode?: number): GraphReply => ({
  status,
  json: { error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AfakeTrace' } },
});

export const VERSION = 'v21.0';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<Pick<GraphCall, 'json' | 'form'>> {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return { json: JSON.parse(raw.toString() || '{}'), form: null };
  if (type.startsWith('multipart/form-data')) {
    // A copy as a plain Uint8Array and forEach over the form: the e2e run (DOM typings) starts this fake too.
    const body = new Uint8Array(raw);
    const data = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': type }, body }).formData();
    const form: NonNullable<GraphCall['form']> = {};
    data.forEach((value, key) => {
      form[key] = typeof value === 'string' ? value : { name: (value as File).name, type: value.type, size: value.size };
    });
    return { json: null, form };
  }
  return { json: null, form: null };
}

/**
 * A local stand-in for graph.facebook.com. Tests register exactly the calls they expect (`on`);
 * anything else is answered 500 and recorded in `unexpected`, which the suite asserts empty, so a
 * call the product should not make fails the test. Every call is recorded in `calls`.
 */
export class FakeGraph {
  readonly calls: GraphCall[] = [];
  readonly unexpected: string[] = [];
  private routes: { method: string; pattern: RegExp; handler: Handler }[] = [];
  private server: Server | null = null;
  /** The base URL the product is configured with (GRAPH_API_URL). */
  baseUrl = '';
  /** Where downloads are served from (Meta's CDN / lookaside host), outside the version prefix. */
  cdnUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}/${VERSION}`;
    this.cdnUrl = `http://127.0.0.1:${port}/cdn`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Answers `method path` (path after the version, e.g. `/123/messages`; a RegExp for patterns). */
  on(method: string, path: string | RegExp, handler: Handler): this {
    const pattern = typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path;
    this.routes.unshift({ method, pattern, handler });
    return this;
  }

  /** Calls to `method path` so far. */
  callsTo(method: string, path: string | RegExp): GraphCall[] {
    return this.calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const path = url.pathname.startsWith(`/${VERSION}/`) ? url.pathname.slice(VERSION.length + 1) : url.pathname;
    const auth = req.headers.authorization ?? '';
    const call: GraphCall = {
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      token: auth.startsWith('Bearer ') ? auth.slice(7) : null,
      ...(await parseBody(req, raw)),
    };
    this.calls.push(call);
    const route = this.routes.find((r) => r.method === call.method && r.pattern.test(path));
    let reply: GraphReply;
    if (!route) {
      this.unexpected.push(`${call.method} ${path}`);
      reply = graphError(500, 1, `fake graph: unexpected call ${call.method} ${path}`);
    } else {
      reply = await route.handler(call);
    }
    res.statusCode = reply.status ?? 200;
    if (reply.body) {
      res.setHeader('content-type', reply.contentType ?? 'application/octet-stream');
      res.end(reply.body);
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply.json ?? {}));
    }
  }
}

export const newWamid = () => `wamid.HBgM${randomBytes(12).toString('hex').toUpperCase()}`;
export const newMid = () => `m_${randomBytes(16).toString('base64url')}`;

// Test helpers of the bot integrations: a local HTTP server standing in for a bot platform (Typebot,
// Dialogflow, an n8n or webhook receiver, an OpenAI-compatible server), started by the test, never the network.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the bodies their fake servers receive field by field
  json(): any;
}

export type FakeHandler = (req: FakeRequest, res: ServerResponse) => void | Promise<void>;

/** A local server: every request is recorded, then answered by the route's handler (404 without one). */
export async function fakeServer() {
  const requests: FakeRequest[] = [];
  const routes = new Map<string, FakeHandler>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0];
    const recorded: FakeRequest = { method: req.method ?? '', path, headers: req.headers, body, json: () => JSON.parse(body) };
    requests.push(recorded);
    const handler = [...routes.entries()].find(([pattern]) => matches(pattern, `${req.method} ${path}`))?.[1];
    if (!handler) return void res.writeHead(404).end();
    await handler(recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** `pattern` is "METHOD /path", where `*` stands for one path segment or its part. */
    on(pattern: string, handler: FakeHandler) {
      routes.set(pattern, handler);
    },
    reset() {
      requests.length = 0;
      routes.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeServer = Awaited<ReturnType<typeof fakeServer>>;

const matches = (pattern: string, actual: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(actual);

export const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** A service account key whose token endpoint is the fake server (Dialogflow tests). */
export function fakeServiceAccount(tokenUri: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'agente-teste',
    client_email: `bot-${Math.random().toString(36).slice(2)}@agente-teste.iam.gserviceaccount.com`,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: tokenUri,
  });
}

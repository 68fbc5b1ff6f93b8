// The outbound guard tests' network: a service inside (a loopback listener that answers a secret in every
// shape a bot's answer takes), and hooks.example.com, a public-looking host the operator allowed, whose
// /to-inside/<path> redirects to the inside service's /<path>. bots.example.com is a public-looking name
// that resolves inside and is not allowed. Shared by the integrations' and the flows' guard tests.
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { messages } from '../db/schema';
import { parseAllowList } from '../http/outbound/allow-list';
import { answerNames } from './fake-dns';
import { fakeServer, json } from './fake-http-server';
import type { TestContext } from './harness';

export const INSIDE_SECRET = 'segredo interno';
/** The outbound config of the app under test: only hooks.example.com is allowed. */
export const allowingHooksOnly = { allowedHosts: parseAllowList('hooks.example.com') };

const port = (server: { url: string }) => new URL(server.url).port;
/** Route patterns for paths of 1 to 6 segments (a fake server's `*` stands for one segment). */
const depths = (prefix: string) => [1, 2, 3, 4, 5, 6].map((n) => `POST ${prefix}${'/*'.repeat(n)}`);

export async function useInsideNetwork() {
  const inside = await fakeServer();
  const hooks = await fakeServer();
  let names: ReturnType<typeof answerNames>;
  beforeEach(() => {
    names = answerNames({ 'hooks.example.com': ['127.0.0.1'], 'bots.example.com': ['127.0.0.1'] });
    for (const route of depths(''))
      inside.on(route, (_req, res) =>
        json(res, 200, {
          messages: [{ type: 'text', body: INSIDE_SECRET, content: { plainText: INSIDE_SECRET } }],
          sessionId: 's',
          input: { type: 'text input' },
          access_token: INSIDE_SECRET,
        }),
      );
    for (const route of depths('/to-inside'))
      hooks.on(route, (req, res) => void res.writeHead(307, { location: `${inside.url}${req.path.replace('/to-inside', '')}` }).end());
  });
  afterEach(() => {
    names.mockRestore();
    inside.reset();
    hooks.reset();
  });
  afterAll(async () => {
    await inside.close();
    await hooks.close();
  });
  return {
    inside,
    hooks,
    /** hooks.example.com's own address, for what the operator allowed. */
    hooksUrl: () => `http://hooks.example.com:${port(hooks)}`,
    /** The three ways inside for `path`: a loopback address, a name resolving inside, the allowed host redirecting inside. */
    addresses: (path: string) => [
      `http://127.0.0.1:${port(inside)}${path}`,
      `http://bots.example.com:${port(inside)}${path}`,
      `http://hooks.example.com:${port(hooks)}/to-inside${path}`,
    ],
    /** The inside service got nothing and nothing it says is stored; the allowed host was asked `redirected`. */
    async expectNothingInside(t: TestContext, redirected: string[]) {
      expect(hooks.requests.map((r) => r.path)).toEqual(redirected);
      expect(inside.requests).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(messages)
          .where(like(messages.body, `%${INSIDE_SECRET}%`)),
      ).toEqual([]);
    },
  };
}

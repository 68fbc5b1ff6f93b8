import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake assistant answers to the customer's newest message (scenarios wait for this text). */
export const fakeAssistantAnswer = (customerText: string) => `Assistente de teste: você disse "${customerText}"`;

/**
 * A local OpenAI-compatible server for the run (OPENAI_BASE_URL of the app under test): chat
 * completions answer fakeAssistantAnswer of the last user message; any key but "sk-e2e" is refused
 * as OpenAI does (401). No scenario reaches the network.
 */
export async function startFakeOpenAi(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end();
    if (req.headers.authorization !== 'Bearer sk-e2e') {
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key provided"}}');
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { role: string; content: string }[] };
    const last = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: fakeAssistantAnswer(last) } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

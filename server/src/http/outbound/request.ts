import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundError, refused } from './errors';
import type { OutboundPolicy } from './policy';
import { checkedAddresses, type PinnedAddress } from './resolve';

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Exchange {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface Answer {
  status: number;
  statusText: string;
  headers: IncomingMessage['headers'];
  body: Buffer | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry a tenant's secret: they do not follow a redirect to another origin. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'ocp-apim-subscription-key'];

/**
 * The one way the server calls an address a tenant typed (a webhook, n8n or Typebot URL, a service
 * account's token_uri, a voice region): the host is resolved and checked (resolve.ts), the connection
 * goes to that very address, redirects are followed by hand (policy.maxRedirects, each target checked
 * again), the connection and the whole call have their timeouts and the body is read up to
 * policy.maxBytes. Answers the final response with its body already read; throws OutboundError.
 */
export async function outboundRequest(policy: OutboundPolicy, url: string, init: OutboundInit = {}): Promise<Response> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  let target = httpUrl(url);
  let exchange: Exchange = { method: (init.method ?? 'GET').toUpperCase(), headers: { ...init.headers }, body: init.body };
  for (let redirects = 0; ; redirects++) {
    const pinned = await checkedAddresses(policy, target, deadline);
    const answer = await send(policy, target, pinned, exchange, deadline);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || !location) return toResponse(answer);
    if (redirects >= policy.maxRedirects) throw refused(`more than ${policy.maxRedirects} redirects`);
    const next = httpUrl(new URL(location, target).href);
    exchange = redirected(exchange, answer.status, next.origin !== target.origin);
    target = next;
  }
}

function httpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(`${url.protocol} URLs are not called`);
  if (url.username || url.password) throw refused('URLs with credentials are not called');
  return url;
}

/** What a redirect asks next: 303 (and 301/302 after a POST) becomes a GET without body, as browsers do. */
function redirected(previous: Exchange, status: number, crossOrigin: boolean): Exchange {
  const headers = { ...previous.headers };
  if (crossOrigin) for (const name of Object.keys(headers)) if (SECRET_HEADERS.includes(name.toLowerCase())) delete headers[name];
  const toGet = status === 303 || ((status === 301 || status === 302) && previous.method === 'POST');
  if (!toGet) return { ...previous, headers };
  for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
  return { method: previous.method === 'HEAD' ? 'HEAD' : 'GET', headers, body: undefined };
}

function send(policy: OutboundPolicy, url: URL, pinned: PinnedAddress[], exchange: Exchange, deadline: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    // The connection goes to the checked addresses (node tries each in turn when it asks for all); the
    // name stays the Host header and the TLS server name.
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, pinned);
      else callback(null, pinned[0].address, pinned[0].family);
    };
    const headers: Record<string, string> = { 'user-agent': 'Chat-flow', ...exchange.headers };
    if (exchange.body !== undefined) headers['content-length'] = String(Buffer.byteLength(exchange.body));
    const client = url.protocol === 'https:' ? https : http;
    let failure: OutboundError | null = null;
    const fail = (err: OutboundError) => {
      failure ??= err;
      request.destroy(err);
    };
    const request = client.request(url, { method: exchange.method, headers, lookup, agent: false, signal: deadline }, (res) => {
      const status = res.statusCode ?? 0;
      const answer = { status, statusText: res.statusMessage ?? '', headers: res.headers };
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        return resolve({ ...answer, body: null });
      }
      const declared = Number(res.headers['content-length']);
      if (declared > policy.maxBytes) return fail(tooLarge(policy));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBytes) return fail(tooLarge(policy));
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ ...answer, body: Buffer.concat(chunks) }));
      res.on('error', (err) => reject(failure ?? failed(err, deadline)));
      res.on('close', () => {
        if (!res.complete) reject(failure ?? failed(new Error('the answer was cut off'), deadline));
      });
    });
    request.on('socket', (socket) => {
      const timer = setTimeout(() => fail(new OutboundError('timeout', `connecting to ${url.host} timed out`)), policy.connectTimeoutMs);
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    request.on('error', (err) => reject(failure ?? failed(err, deadline)));
    request.end(exchange.body);
  });
}

const tooLarge = (policy: OutboundPolicy) => new OutboundError('too-large', `the answer is longer than ${policy.maxBytes} bytes`);

function failed(err: Error, deadline: AbortSignal): OutboundError {
  if (deadline.aborted) return new OutboundError('timeout', 'the call timed out');
  return new OutboundError('failed', `the call failed (${(err as NodeJS.ErrnoException).code ?? err.message})`);
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

function toResponse(answer: Answer): Response {
  if (answer.status < 200 || answer.status > 599) throw new OutboundError('failed', `answered the status ${answer.status}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const body = NO_BODY.has(answer.status) ? null : answer.body;
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
}

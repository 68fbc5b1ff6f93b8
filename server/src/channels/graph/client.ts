/**
 * A small client of Meta's Graph API, shared by the WhatsApp Cloud API and the Facebook/Instagram
 * providers. The base URL comes from GRAPH_API_URL (config.meta.graphApiUrl), so tests talk to a
 * local fake; the token is the connection's (tokenMeta) and travels as a Bearer header.
 */

/** Graph's error object ({ error: { message, type, code, error_subcode } }), kept for mapping to ERR_* codes. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** A download refused because it is larger than the allowed bytes (setting downloadLimit). */
export class MediaTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`media larger than ${limitBytes} bytes`);
  }
}

const TIMEOUT_MS = 30_000;

async function failure(res: Response): Promise<GraphError> {
  const text = await res.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as { error?: { message?: string; code?: number; error_subcode?: number } };
    return new GraphError(res.status, error?.code ?? null, error?.error_subcode ?? null, error?.message ?? text.slice(0, 200));
  } catch {
    return new GraphError(res.status, null, null, text.slice(0, 200));
  }
}

export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    /** null: a call that authenticates otherwise (the app's id and secret in the query of /oauth/access_token). */
    private readonly token: string | null,
  ) {}

  private url(path: string, query?: Record<string, string>): string {
    const url = new URL(`${this.baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url.toString();
  }

  private async call<T>(method: string, path: string, init: { query?: Record<string, string>; body?: FormData | string; json?: unknown }) {
    const headers: Record<string, string> = this.token === null ? {} : { authorization: `Bearer ${this.token}` };
    let body: FormData | string | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.url(path, init.query), { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw await failure(res);
    return (await res.json()) as T;
  }

  get<T>(path: string, query?: Record<string, string>): Promise<T> {
    return this.call<T>('GET', path, { query });
  }

  post<T>(path: string, json: unknown, query?: Record<string, string>): Promise<T> {
    return this.call<T>('POST', path, { json, query });
  }

  /** A multipart POST (media uploads). */
  postForm<T>(path: string, form: FormData): Promise<T> {
    return this.call<T>('POST', path, { body: form });
  }

  /**
   * Fetches a file from a URL Graph handed out (media URLs need the same token). Stops reading as
   * soon as the body passes `limitBytes`, so an oversized file never sits in memory whole.
   */
  async download(url: string, limitBytes: number, authorized = true): Promise<{ data: Buffer; mimeType: string }> {
    const headers: Record<string, string> = authorized && this.token !== null ? { authorization: `Bearer ${this.token}` } : {};
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw await failure(res);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > limitBytes) {
      await res.body?.cancel();
      throw new MediaTooLarge(limitBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limitBytes) throw new MediaTooLarge(limitBytes);
      chunks.push(Buffer.from(chunk));
    }
    return { data: Buffer.concat(chunks), mimeType: (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim() };
  }
}

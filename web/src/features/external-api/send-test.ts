import type { ExternalSendView } from '@chatflow/contract';
import { ApiError } from '../../lib/api';

/**
 * Sends through the external API as an outside system would: the connection's token as Bearer,
 * no session token, no cookies. JSON for text, multipart for a file.
 */
export async function sendThroughApi(token: string, fields: Record<string, string>, file?: File | null): Promise<ExternalSendView> {
  let body: BodyInit;
  const headers: Record<string, string> = { authorization: `Bearer ${token.trim()}`, accept: 'application/json' };
  if (file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('medias', file);
    body = form;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  }
  const res = await fetch('/api/messages/send', { method: 'POST', headers, body, credentials: 'omit' });
  const payload = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, payload.error ?? null, payload.fields ?? [], payload);
  return payload as ExternalSendView;
}

import { ApiError, refreshToken } from '../../../lib/api';
import { tokenStore } from '../../../lib/token';

type Query = Record<string, string | number | boolean | undefined>;

async function fetchFile(path: string, query: Query, retried = false): Promise<Response> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const token = tokenStore.get();
  const res = await fetch(`${path}?${params}`, { credentials: 'include', headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.ok) return res;
  const body = await res.json().catch(() => ({}));
  // Same rule as the api client: an expired access token is refreshed once.
  if (res.status === 403 && body.error === 'ERR_SESSION_EXPIRED' && !retried && (await refreshToken())) return fetchFile(path, query, true);
  throw new ApiError(res.status, body.error ?? null, body.fields ?? [], body);
}

/** Saves a spreadsheet the server streams (the api client reads JSON only, so it is fetched here with the same token). */
export async function downloadSpreadsheet(path: string, query: Query, fileName: string): Promise<void> {
  const res = await fetchFile(path, query);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import { ApiError, refreshToken } from '../../../lib/api';
import { tokenStore } from '../../../lib/token';

const FALLBACK_NAME = 'contatos.xlsx';

/** The file name the server gave in Content-Disposition, if any. */
export function fileNameFrom(disposition: string | null): string {
  if (!disposition) return FALLBACK_NAME;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : FALLBACK_NAME;
}

async function fetchExport(retried = false): Promise<Response> {
  const token = tokenStore.get();
  const res = await fetch('/contacts/export', {
    credentials: 'include',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.ok) return res;
  const body = await res.json().catch(() => ({}));
  // Same rule as the api client: an expired access token is refreshed once.
  if (res.status === 403 && body.error === 'ERR_SESSION_EXPIRED' && !retried && (await refreshToken())) return fetchExport(true);
  throw new ApiError(res.status, body.error ?? null, body.fields ?? [], body);
}

/**
 * GET /contacts/export: the server builds the spreadsheet (pages of 20 contacts, spec 2 §9) and the
 * browser saves it. The api client reads JSON only, so the file is fetched here with the same token.
 */
export async function downloadContactsExport(): Promise<void> {
  const res = await fetchExport();
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(res.headers.get('content-disposition'));
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import type { ContactListImportResult } from '@chatflow/contract';
import { ApiError, refreshToken } from '../../../lib/api';
import { tokenStore } from '../../../lib/token';

/** GET /contact-lists/example: the example spreadsheet, saved by the browser. */
export async function downloadExample(retried = false): Promise<void> {
  const token = tokenStore.get();
  const res = await fetch('/contact-lists/example', { credentials: 'include', headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    if (res.status === 403 && body.error === 'ERR_SESSION_EXPIRED' && !retried && (await refreshToken())) return downloadExample(true);
    throw new ApiError(res.status, body.error ?? null, body.fields ?? [], body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'planilha_exemplo.xlsx';
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * POST /contact-lists/{id}/upload through XMLHttpRequest, the one browser API that reports upload
 * progress (0..1); the answer is the import's summary.
 */
export function uploadItems(listId: number, file: File, onProgress: (fraction: number) => void): Promise<ContactListImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/contact-lists/${listId}/upload`);
    xhr.withCredentials = true;
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, null, [], {}));
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText);
        } catch {
          return {};
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ContactListImportResult);
      else reject(new ApiError(xhr.status, body.error ?? null, body.fields ?? [], body));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

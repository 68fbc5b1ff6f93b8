import type { QuickMessageView } from '@chatflow/contract';
import { safeUrl } from '../parse/data-json';

/** Where a quick message's attachment is served: a public path, or a bare file name in the company folder. */
export function quickMediaUrl(q: Pick<QuickMessageView, 'mediaPath'>, companyId: number): string | null {
  if (!q.mediaPath) return null;
  if (q.mediaPath.startsWith('/') || /^https?:/i.test(q.mediaPath)) return safeUrl(q.mediaPath);
  return `/public/company${companyId}/quickMessages/${encodeURIComponent(q.mediaPath)}`;
}

/** Fetches the attachment so it is sent as the agent's own file (the same path as an upload). */
export async function quickMediaFile(q: QuickMessageView, companyId: number): Promise<File | null> {
  const url = quickMediaUrl(q, companyId);
  if (!url) return null;
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`quick message media ${res.status}`);
  const blob = await res.blob();
  return new File([blob], q.mediaName || url.split('/').pop() || 'file', { type: blob.type });
}

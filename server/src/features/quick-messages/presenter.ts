import type { QuickMessageView } from '@chatflow/contract';
import type { QuickMessageRow } from '../../db/schema';

/** Whitelist of what leaves the server about a quick message. */
export const presentQuickMessage = (q: QuickMessageRow): QuickMessageView => ({
  id: q.id,
  companyId: q.companyId,
  userId: q.userId,
  shortcode: q.shortcode,
  message: q.message,
  mediaPath: q.mediaPath,
  mediaName: q.mediaName,
  isMedia: q.mediaPath !== null,
  geral: q.geral,
  visao: q.visao,
});

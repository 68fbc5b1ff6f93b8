import type { AnnouncementView } from '@chatflow/contract';
import type { AnnouncementRow } from '../../db/schema';

/** Whitelist of what leaves the server about an announcement (the author's company stays inside). */
export const presentAnnouncement = (a: AnnouncementRow): AnnouncementView => ({
  id: a.id,
  title: a.title,
  text: a.text,
  priority: a.priority,
  status: a.status,
  mediaPath: a.mediaPath,
  mediaName: a.mediaName,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

import { companies } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';
import type { AnnouncementRow } from '../../db/schema';
import { presentAnnouncement } from './presenter';

/**
 * company-announcement, after the commit, on every company's namespace: an announcement is for all
 * users. An inactive one is sent as a delete, so its text reaches nobody's popover.
 */
export async function announceAnnouncement(tx: HookedTx, realtime: Realtime, row: AnnouncementRow, action: 'create' | 'update') {
  const companyIds = (await tx.select({ id: companies.id }).from(companies)).map((c) => c.id);
  tx.afterCommit(() => {
    const payload = row.status ? { action, record: presentAnnouncement(row) } : { action: 'delete' as const, id: row.id };
    for (const companyId of companyIds) realtime.toCompany(companyId, 'announcement', payload);
  });
}

export async function announceAnnouncementDeleted(tx: HookedTx, realtime: Realtime, id: number) {
  const companyIds = (await tx.select({ id: companies.id }).from(companies)).map((c) => c.id);
  tx.afterCommit(() => {
    for (const companyId of companyIds) realtime.toCompany(companyId, 'announcement', { action: 'delete', id });
  });
}

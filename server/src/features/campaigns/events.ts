import type { Realtime } from '../../realtime/emit';
import type { DbOrTx } from '../../db/client';
import { campaignViewById } from './queries';

/** company-{id}-campaign with the campaign as it now stands (read after the commit). */
export async function announceCampaign(db: DbOrTx, realtime: Realtime, campaignId: number, action: 'create' | 'update' = 'update') {
  const record = await campaignViewById(db, campaignId);
  if (record) realtime.toCompany(record.companyId, 'campaign', { action, record });
}

export function announceCampaignDeleted(realtime: Realtime, companyId: number, id: number) {
  realtime.toCompany(companyId, 'campaign', { action: 'delete', id });
}

import type { CampaignShippingView, CampaignView } from '@chatflow/contract';
import type { CampaignRow, CampaignShippingRow } from '../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface CampaignWithRefs {
  campaign: CampaignRow;
  contactListName: string | null;
  whatsappName: string | null;
}

/** Whitelist of what leaves the server about a campaign. */
export function presentCampaign(
  { campaign: c, contactListName, whatsappName }: CampaignWithRefs,
  waitingUntil: Date | null = null,
): CampaignView {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    status: c.status,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    confirmation: c.confirmation,
    scheduledAt: iso(c.scheduledAt),
    completedAt: iso(c.completedAt),
    contactListId: c.contactListId,
    contactList: c.contactListId && contactListName !== null ? { id: c.contactListId, name: contactListName } : null,
    tagListId: c.tagListId,
    whatsappId: c.whatsappId,
    whatsapp: c.whatsappId && whatsappName !== null ? { id: c.whatsappId, name: whatsappName } : null,
    userId: c.userId,
    queueId: c.queueId,
    statusTicket: c.statusTicket,
    openTicket: c.openTicket,
    mediaPath: c.mediaPath,
    mediaName: c.mediaName,
    contactsCount: c.contactsCount,
    deliveredCount: c.deliveredCount,
    waitingUntil: iso(waitingUntil),
  };
}

export const presentShipping = (s: CampaignShippingRow): CampaignShippingView => ({
  id: s.id,
  name: s.name,
  number: s.number,
  email: s.email,
  variant: s.variant,
  confirmationRequestedAt: iso(s.confirmationRequestedAt),
  confirmedAt: iso(s.confirmedAt),
  deliveredAt: iso(s.deliveredAt),
});

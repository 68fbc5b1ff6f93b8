import { z } from 'zod';
import { CAMPAIGN_STATUSES, CAMPAIGN_TICKET_STATUSES } from '../campaigns';
import { NamedRef } from './refs';

export const CampaignView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  contactListId: z.number().nullable(),
  contactList: NamedRef.nullable(),
  tagListId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: NamedRef.nullable(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES),
  openTicket: z.enum(['enabled', 'disabled']),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** Shipping rows written when the campaign started (its valid contacts), and how many were delivered. */
  contactsCount: z.number(),
  deliveredCount: z.number(),
  /** A running campaign outside its sending hours (or weekend days): when it may send again (ISO); else null. */
  waitingUntil: z.string().nullable(),
});
export type CampaignView = z.infer<typeof CampaignView>;

export const CampaignPage = z.object({ records: z.array(CampaignView), count: z.number(), hasMore: z.boolean() });
export type CampaignPage = z.infer<typeof CampaignPage>;

export const CampaignShippingView = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** 1..5: the variant this contact gets. */
  variant: z.number(),
  confirmationRequestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type CampaignShippingView = z.infer<typeof CampaignShippingView>;

export const CampaignShippingPage = z.object({ records: z.array(CampaignShippingView), hasMore: z.boolean() });
export type CampaignShippingPage = z.infer<typeof CampaignShippingPage>;

export const CampaignSettingView = z.object({ key: z.string(), value: z.string() });
export const CampaignSettingsView = z.array(CampaignSettingView);
export type CampaignSettingsView = z.infer<typeof CampaignSettingsView>;

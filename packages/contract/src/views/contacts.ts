import { z } from 'zod';
import { CHANNELS } from '../channels';
import { TagRef } from './refs';

export const ContactView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  urlPicture: z.string(),
  channel: z.enum(CHANNELS),
  active: z.boolean(),
  acceptAudioMessage: z.boolean(),
  disableBot: z.boolean(),
  isGroup: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  extraInfo: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })),
  tags: z.array(TagRef),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactView = z.infer<typeof ContactView>;

/** What pickers get from GET /contacts/list and the tag contacts modal from GET /tags/:id/contacts. */
export const ContactRef = z.object({ id: z.number(), name: z.string(), number: z.string() });
export type ContactRef = z.infer<typeof ContactRef>;

export const ContactPage = z.object({ contacts: z.array(ContactView), count: z.number(), hasMore: z.boolean() });
export type ContactPage = z.infer<typeof ContactPage>;

/** GET /contacts/profile/{number}. */
export const ContactPictureView = z.object({ contactId: z.number(), urlPicture: z.string() });
/** PUT /contacts/toggleAcceptAudio/{id} and /contacts/toggleDisableBot/{id}: the flag's new value. */
export const ContactAcceptAudioView = z.object({ acceptAudioMessage: z.boolean() });
export const ContactDisableBotView = z.object({ disableBot: z.boolean() });

/** POST /contacts/upload: the sheet's header (unique, never empty) and its rows as text cells. */
export const ContactSheetView = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) });
export type ContactSheetView = z.infer<typeof ContactSheetView>;

export const ContactImportIgnored = z.object({
  ignored: z.literal(true),
  reason: z.enum(['ERR_VALIDATION', 'ERR_DUPLICATED_CONTACT']),
  fields: z.array(z.object({ field: z.string(), key: z.string() })).optional(),
});
export type ContactImportIgnored = z.infer<typeof ContactImportIgnored>;
/** POST /contactsImport: the created contact, or why the row was ignored. */
export const ContactImportOutcome = z.union([ContactView, ContactImportIgnored]);
export type ContactImportOutcome = z.infer<typeof ContactImportOutcome>;

export const ContactImportStarted = z.object({ importId: z.string(), total: z.number() });
export type ContactImportStarted = z.infer<typeof ContactImportStarted>;

/** GET and PUT /contacts/{id}/wallets: the wallet's agents in order. */
export const ContactWalletView = z.object({ wallets: z.array(z.object({ id: z.number(), name: z.string() })) });
export type ContactWalletView = z.infer<typeof ContactWalletView>;

/** What a merge moves from the merged contact to the kept one (counts); `closedTickets` of them get closed. */
export const ContactMergeCounts = z.object({
  tickets: z.number(),
  closedTickets: z.number(),
  schedules: z.number(),
  tags: z.number(),
  extraInfo: z.number(),
});
export type ContactMergeCounts = z.infer<typeof ContactMergeCounts>;

/** A merge done (or undone): its log id is what POST /contacts/merges/{mergeId}/undo takes. */
export const ContactMergeView = z.object({
  id: z.number(),
  keptContactId: z.number(),
  mergedContactId: z.number(),
  moved: ContactMergeCounts,
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type ContactMergeView = z.infer<typeof ContactMergeView>;

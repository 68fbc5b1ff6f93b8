import { z } from 'zod';

export const ContactListView = z.object({ id: z.number(), name: z.string(), companyId: z.number(), contactsCount: z.number() });
export type ContactListView = z.infer<typeof ContactListView>;

export const ContactListPage = z.object({ records: z.array(ContactListView), count: z.number(), hasMore: z.boolean() });
export type ContactListPage = z.infer<typeof ContactListPage>;

export const ContactListItemView = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** null until the connection's provider was asked. */
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
});
export type ContactListItemView = z.infer<typeof ContactListItemView>;

export const ContactListItemPage = z.object({ contacts: z.array(ContactListItemView), count: z.number(), hasMore: z.boolean() });
export type ContactListItemPage = z.infer<typeof ContactListItemPage>;

/** Why an import row was not created. */
export const IMPORT_IGNORE_REASONS = ['invalidName', 'invalidNumber', 'invalidEmail', 'duplicate'] as const;
export type ImportIgnoreReason = (typeof IMPORT_IGNORE_REASONS)[number];

/** POST /contact-lists/{id}/upload: what the import did, row by row for what it left out. */
export const ContactListImportResult = z.object({
  created: z.number(),
  ignored: z.array(z.object({ row: z.number(), number: z.string(), reason: z.enum(IMPORT_IGNORE_REASONS) })),
});
export type ContactListImportResult = z.infer<typeof ContactListImportResult>;

import { z } from 'zod';
import { boundedString, coercedId, dbId, PageQuery } from './fields';

/** Contact lists and their items (spec 3 "Contact lists", §3, §5, §7). */
export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;
/** The import file (POST /contact-lists/{id}/upload): at most this many bytes and rows. */
export const CONTACT_LIST_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CONTACT_LIST_IMPORT_MAX_ROWS = 100_000;
/** The columns of the example spreadsheet; an import file must name at least name and number. */
export const CONTACT_LIST_COLUMNS = { name: ['nome', 'name'], number: ['numero', 'número', 'number'], email: ['email', 'e-mail'] } as const;

/** Contact list: name 2 to 50 and required (spec 3 §5). */
export const ContactListInput = z.object({ name: boundedString(2, 50), companyId: z.unknown().optional() });
export type ContactListInput = z.input<typeof ContactListInput>;

export const ContactListListQuery = PageQuery;

/** A number as the item form takes it: 8 to 50 characters (spec 3 §5); digits are kept when stored. */
const itemNumber = () =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(8, { message: 'validation.tooShort' })
    .max(50, { message: 'validation.tooLong' });

const itemEmail = () =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string()
      .trim()
      .max(254, { message: 'validation.tooLong' })
      .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'validation.invalidEmail' }),
  );

/** Contact list item: name 2 to 50 and required; number 8 to 50; email valid when given (spec 3 §5). */
export const ContactListItemInput = z.object({
  name: boundedString(2, 50),
  number: itemNumber(),
  email: itemEmail().optional().default(''),
  contactListId: dbId('validation.required'),
  companyId: z.unknown().optional(),
});
export type ContactListItemInput = z.input<typeof ContactListItemInput>;

export const ContactListItemUpdateInput = z.object({
  name: boundedString(2, 50).optional(),
  number: itemNumber().optional(),
  email: itemEmail().optional(),
  contactListId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type ContactListItemUpdateInput = z.input<typeof ContactListItemUpdateInput>;

export const ContactListItemListQuery = PageQuery.extend({ contactListId: coercedId('validation.required') });

/** Digits of a number as stored and sent (the simulator and WhatsApp address people by digits). */
export const numberDigits = (number: string) => number.replace(/\D/g, '');

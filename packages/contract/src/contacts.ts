import { z } from 'zod';
import { listItems } from './query-lists';
import { CHANNELS } from './channels';
import { PageQuery, boundedString, coercedId, dbId, queryBoolean } from './fields';

export const CONTACTS_PAGE_SIZE = 20;
/** ARCHITECTURE "Decisions": the contacts page's bound (2-250) on the server; the ticket-side form keeps 50. */
export const CONTACT_NAME_MAX = 250;
export const TICKET_CONTACT_NAME_MAX = 50;
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;

/** Digits only: "+55 (11) 99999-8888" is stored and compared as "5511999998888". */
export const contactDigits = (value: string) => value.replace(/\D/g, '');

/**
 * LGPD (spec 1 §5): with lgpdHideNumber enabled a profile user sees every digit but the last two
 * masked; group numbers are not personal data and stay as they are.
 */
export function maskContactNumber(number: string, isGroup = false): string {
  if (isGroup || number.length <= 2) return number;
  return '*'.repeat(number.length - 2) + number.slice(-2);
}

/** 8 to 50 digits once punctuation is stripped (spec 1 §5 Contact form). */
export const contactNumber = () =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .transform(contactDigits)
    .pipe(
      z
        .string()
        .min(1, { message: 'validation.required', abort: true })
        .min(CONTACT_NUMBER_MIN, { message: 'validation.tooShort', abort: true })
        .max(CONTACT_NUMBER_MAX, { message: 'validation.tooLong' }),
    );

/** The e-mail is optional but, when given, valid (null from older clients reads as none). */
export const optionalEmail = () =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ message: 'validation.invalidEmail' })
      .trim()
      .max(254, { message: 'validation.tooLong', abort: true })
      .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'validation.invalidEmail' }),
  );

export const ContactExtraInfoInput = z.object({
  /** Present for a row that already exists; rows without an id are new. */
  id: coercedId().optional(),
  name: boundedString(1, 100),
  value: z.preprocess((v) => v ?? '', z.string().trim().max(2000, { message: 'validation.tooLong' })),
});

const contactFields = {
  name: boundedString(2, CONTACT_NAME_MAX),
  number: contactNumber(),
  email: optionalEmail(),
  /** Replaces the contact's whole list (rows left out are removed). */
  extraInfo: z.array(ContactExtraInfoInput).max(100, { message: 'validation.tooLong' }),
};

/** POST /contacts (the contacts page's modal). */
export const ContactInput = z.object({
  ...contactFields,
  email: contactFields.email.optional().default(''),
  extraInfo: contactFields.extraInfo.optional(),
  channel: z.enum(CHANNELS).optional().default('whatsapp'),
});
export type ContactInput = z.input<typeof ContactInput>;
export type ContactData = z.output<typeof ContactInput>;

/** The ticket-side contact form keeps its own 50-character name (spec 1 §5; ARCHITECTURE "Decisions"). */
export const TicketContactInput = ContactInput.extend({ name: boundedString(2, TICKET_CONTACT_NAME_MAX) });

/** PUT /contacts/:id: any subset of the fields; extraInfo, when sent, replaces the list. */
export const ContactUpdateInput = z
  .object({
    ...contactFields,
    acceptAudioMessage: z.boolean(),
    disableBot: z.boolean(),
  })
  .partial()
  .extend({
    // A profile user under LGPD gets the number masked ("*********88") and sends it back unchanged:
    // a masked number means "keep the number", never a new one.
    number: z.preprocess((v) => (typeof v === 'string' && v.includes('*') ? undefined : v), contactNumber().optional()),
  });
export type ContactUpdateInput = z.input<typeof ContactUpdateInput>;
export type ContactChanges = z.output<typeof ContactUpdateInput>;

/**
 * A list of ids in a query string: existing clients send a JSON array (`contactTag=[1,2]`), others
 * repeat the parameter or separate with commas. Anything that is not a positive integer is a 400.
 */
const tagIdList = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : listItems(v)),
    z.array(coercedId('validation.invalid')).max(200, { message: 'validation.tooLong' }).optional(),
  );

/** GET /contacts (spec 1 §7, spec 2 §7 Contacts administration). */
export const ContactListQuery = PageQuery.extend({
  /** Contacts carrying any of these tags. */
  contactTag: tagIdList(),
  channel: z.enum(CHANNELS, { message: 'validation.invalid' }).optional(),
  isGroup: queryBoolean.optional(),
  // Sent by existing clients; the company always comes from the session.
  companyId: z.unknown().optional(),
});
export type ContactListQuery = z.input<typeof ContactListQuery>;

export const ContactBlockInput = z.object({ active: z.boolean({ message: 'validation.required' }) });

/** GET /contacts/profile/:number: the company's contact with that number. */
export const ContactNumberParam = z.object({
  number: z
    .string()
    .trim()
    .transform(contactDigits)
    .pipe(z.string().min(1, { message: 'validation.invalid' }).max(CONTACT_NUMBER_MAX)),
});

export const ContactIdParam = z.object({ contactId: coercedId() });

/**
 * PUT /contacts/{id}/wallets (admin): the agents whose wallet holds the contact, in order; with
 * DirectTicketsToWallets on, the contact's new tickets go to the first of them. An empty list empties it.
 */
export const ContactWalletInput = z.object({ userIds: z.array(dbId()).max(50, { message: 'validation.tooLong' }) });
export type ContactWalletInput = z.input<typeof ContactWalletInput>;

/**
 * POST /contacts/{id}/merge (admin): the contact `fromContactId` is merged into contact {id}, which is
 * kept; GET /contacts/{id}/merge/preview takes the same id as a query and answers what would move.
 */
export const ContactMergeInput = z.object({ fromContactId: dbId('validation.required') });
export type ContactMergeInput = z.input<typeof ContactMergeInput>;
export const ContactMergeQuery = z.object({ fromContactId: coercedId('validation.required') });
export const ContactMergeIdParam = z.object({ mergeId: coercedId() });

import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';
import { tags } from './tags';
import { users } from './users';

/**
 * What the contacts list searches: name, number and e-mail, folded by chatflow_fold (unaccent and
 * lower case; an immutable wrapper created by migration 0032, since unaccent itself is only stable).
 * Stored in contacts.search_text.
 */
export const contactSearchText = (t: { name: AnyPgColumn; number: AnyPgColumn; email: AnyPgColumn }) =>
  sql`chatflow_fold(${t.name} || ' ' || ${t.number} || ' ' || ${t.email})`;

/** One contact per person and channel in a company: (company, channel, number) is unique. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    urlPicture: text('url_picture').notNull().default(''),
    channel: text('channel', { enum: ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] })
      .notNull()
      .default('whatsapp'),
    /** false means blocked */
    active: boolean('active').notNull().default(true),
    acceptAudioMessage: boolean('accept_audio_message').notNull().default(true),
    disableBot: boolean('disable_bot').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    lgpdAcceptedAt: timestamp('lgpd_accepted_at', { withTimezone: true, mode: 'date' }),
    /** The connection the contact first wrote through. */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /**
     * Name, number and e-mail folded for the list's search (contactSearchText), kept by PostgreSQL as the
     * row changes: stored, so checking a row costs a LIKE, not an unaccent call per row (12 µs each).
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL => contactSearchText(contacts)),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_company_channel_number_unique').on(t.companyId, t.channel, t.number),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // The dashboard's leads: contacts created within a period.
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // The contacts list's search: one trigram index serves the page and the count.
    index('contacts_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;

export const contactExtraInfo = pgTable(
  'contact_extra_info',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('contact_extra_info_contact_idx').on(t.contactId)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

/**
 * A contact's wallet: the agents who own the customer (DirectTicketsToWallets sends the contact's new
 * tickets to the first of them). `position` keeps the order the admin gave.
 */
export const contactWallets = pgTable(
  'contact_wallets',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.userId] }), index('contact_wallets_company_user_idx').on(t.companyId, t.userId)],
);
export type ContactWalletRow = typeof contactWallets.$inferSelect;

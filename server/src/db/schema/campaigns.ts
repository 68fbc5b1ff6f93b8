import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';
import { queues } from './queues';
import { tags } from './tags';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A contact list (spec 3 §3): the audience a campaign may address. */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('contact_lists_company_name_idx').on(t.companyId, t.name)],
);
export type ContactListRow = typeof contactLists.$inferSelect;

/** One person of a list; the number is digits only and unique in its list. */
export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactListId: integer('contact_list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    /** null until the connection's provider answered whether the number is on WhatsApp. */
    isWhatsappValid: boolean('is_whatsapp_valid'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_unique').on(t.contactListId, t.number),
    index('contact_list_items_company_list_name_idx').on(t.companyId, t.contactListId, t.name),
    index('contact_list_items_unchecked_idx').on(t.contactListId, t.id).where(sql`${t.isWhatsappValid} is null`),
  ],
);
export type ContactListItemRow = typeof contactListItems.$inferSelect;

/** A campaign (spec 3 §3). `dispatchSeq` is the dispatch chain's gate (campaigns/dispatch/). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] })
      .notNull()
      .default('INATIVA'),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    message4: text('message4').notNull().default(''),
    message5: text('message5').notNull().default(''),
    confirmationMessage1: text('confirmation_message1').notNull().default(''),
    confirmationMessage2: text('confirmation_message2').notNull().default(''),
    confirmationMessage3: text('confirmation_message3').notNull().default(''),
    confirmationMessage4: text('confirmation_message4').notNull().default(''),
    confirmationMessage5: text('confirmation_message5').notNull().default(''),
    confirmation: boolean('confirmation').notNull().default(false),
    scheduledAt: at('scheduled_at'),
    completedAt: at('completed_at'),
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    tagListId: integer('tag_list_id').references(() => tags.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    statusTicket: text('status_ticket', { enum: ['closed', 'pending', 'open'] })
      .notNull()
      .default('closed'),
    openTicket: text('open_ticket', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    /** The attachment (POST /campaigns/:id/media-upload): its public url, shown name and kind (image, video, audio, document). */
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    mediaType: text('media_type'),
    contactsCount: integer('contacts_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    /** Bumped by each dispatch step: a step whose number is stale (a duplicate, a cancelled run) does nothing. */
    dispatchSeq: integer('dispatch_seq').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('campaigns_company_name_idx').on(t.companyId, t.name)],
);
export type CampaignRow = typeof campaigns.$inferSelect;

export const SHIPPING_STATES = ['pending', 'claimed', 'awaiting_confirmation', 'confirming', 'delivered'] as const;

/**
 * One row per campaign and contact, written when the campaign starts. (campaign, number) is unique:
 * a contact is sent to once however many times the audience names it. The state moves pending ->
 * claimed -> delivered (or awaiting_confirmation -> confirming -> delivered with the confirmation flow); the
 * provider's message id is stored in the same statement that completes the claim.
 */
export const campaignShipping = pgTable(
  'campaign_shipping',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    variant: smallint('variant').notNull(),
    state: text('state', { enum: SHIPPING_STATES }).notNull().default('pending'),
    claimedAt: at('claimed_at'),
    confirmationRequestedAt: at('confirmation_requested_at'),
    confirmedAt: at('confirmed_at'),
    deliveredAt: at('delivered_at'),
    confirmationExternalId: text('confirmation_external_id'),
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('campaign_shipping_campaign_number_unique').on(t.campaignId, t.number),
    uniqueIndex('campaign_shipping_campaign_position_unique').on(t.campaignId, t.position),
    index('campaign_shipping_pending_idx').on(t.campaignId, t.position).where(sql`${t.state} = 'pending'`),
    index('campaign_shipping_claimed_idx').on(t.campaignId, t.claimedAt).where(sql`${t.state} in ('claimed', 'confirming')`),
    index('campaign_shipping_awaiting_idx').on(t.companyId, t.number).where(sql`${t.state} in ('awaiting_confirmation', 'confirming')`),
  ],
);
export type CampaignShippingRow = typeof campaignShipping.$inferSelect;

/** Campaign settings (spec 3 §3): key/value per company; values are JSON text. */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

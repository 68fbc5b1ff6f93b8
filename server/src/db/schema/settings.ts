import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';

export const settings = pgTable(
  'settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/** Platform-wide settings (super user): appearance, user creation, limits, provider secrets. */
export const globalSettings = pgTable('global_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  ...timestamps,
});

/**
 * Payment certificates (super user, POST /settings/cert-upload): one per destination, replaced on
 * re-upload. Kept in the database, not on a node's disk, so every node's provider reads the same one;
 * base64 text because both drivers read text alike. Never served back: only its name and date are shown.
 */
export const paymentCertificates = pgTable('payment_certificates', {
  destination: text('destination').primaryKey(),
  fileName: text('file_name').notNull(),
  contentBase64: text('content_base64').notNull(),
  ...timestamps,
});
export type PaymentCertificateRow = typeof paymentCertificates.$inferSelect;

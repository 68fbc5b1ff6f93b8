import { index, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { contacts } from './contacts';
import { users } from './users';

/**
 * What a contact merge moved, and the merged contact as it was: the log that makes a merge undoable
 * (POST /contacts/merges/:mergeId/undo). `mergedContactId` is no foreign key on purpose: that contact
 * row is removed by the merge and lives on only in `snapshot` until an undo writes it back.
 */
export const contactMerges = pgTable(
  'contact_merges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    keptContactId: integer('kept_contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    mergedContactId: integer('merged_contact_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').$type<ContactMergeSnapshot>().notNull(),
    moved: jsonb('moved').$type<ContactMergeMoved>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('contact_merges_company_kept_idx').on(t.companyId, t.keptContactId)],
);
export type ContactMergeRow = typeof contactMerges.$inferSelect;

/** The merged contact's row (dates as ISO text) with its tags and wallet as they were. */
export interface ContactMergeSnapshot {
  contact: Record<string, unknown>;
  tagIds: number[];
  wallets: { userId: number; position: number; createdAt: string }[];
}

/** Ids of the rows the merge re-pointed at the kept contact: an undo points exactly these back. */
export interface ContactMergeMoved {
  ticketIds: number[];
  messageIds: number[];
  ticketNoteIds: number[];
  scheduleIds: number[];
  extraInfoIds: number[];
  /** Tags and wallet agents the kept contact got from the merge (not those it already had). */
  tagIds: number[];
  walletUserIds: number[];
  /** Earlier merges into the merged contact, re-pointed at the kept one. */
  mergeIds: number[];
  /** The merged contact's active tickets closed because the kept contact had one on the same connection. */
  closedTickets: { id: number; status: string }[];
}

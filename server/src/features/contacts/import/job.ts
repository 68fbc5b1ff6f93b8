import { CONTACT_IMPORT_PROGRESS_STEP, ContactImportRowInput } from '@chatflow/contract';
import { z } from 'zod';
import { contacts } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { validateImportRow } from './rows';

/**
 * Imports a selection of rows for a company, five at a time (spec 2 §9's progress step): each batch
 * is one INSERT … ON CONFLICT DO NOTHING, so a number that exists already (or twice in the sheet) is
 * counted as ignored, never duplicated, and a re-delivered job creates nothing twice. Rows that
 * fail the contact form's rules are ignored. company-{id}-contactImport reports every batch, then
 * the summary ({ action: 'done', created, ignored }). Contacts made here are not announced one by one
 * (thousands of events); the page reloads its list on 'done'.
 */
export const contactImportJob = defineJob({
  name: 'contacts.import',
  payload: z.object({
    companyId: z.number().int().positive(),
    importId: z.string().max(64),
    rows: z.array(ContactImportRowInput),
  }),
  retry: { limit: 2, backoffSeconds: 10 },
  async run({ companyId, importId, rows }, { db, realtime }) {
    const total = rows.length;
    let created = 0;
    let ignored = 0;
    for (let start = 0; start < total; start += CONTACT_IMPORT_PROGRESS_STEP) {
      const batch = rows.slice(start, start + CONTACT_IMPORT_PROGRESS_STEP);
      const valid = batch.flatMap((row) => {
        const parsed = validateImportRow(row);
        return parsed.success ? [parsed.data] : [];
      });
      ignored += batch.length - valid.length;
      if (valid.length) {
        const inserted = await db
          .insert(contacts)
          .values(valid.map((c) => ({ companyId, name: c.name, number: c.number, email: c.email, channel: c.channel })))
          .onConflictDoNothing({ target: [contacts.companyId, contacts.channel, contacts.number] })
          .returning({ id: contacts.id });
        created += inserted.length;
        ignored += valid.length - inserted.length;
      }
      const done = Math.min(start + batch.length, total);
      realtime.toCompany(companyId, 'contactImport', { action: 'progress', importId, done, total, created, ignored });
    }
    realtime.toCompany(companyId, 'contactImport', { action: 'done', importId, done: total, total, created, ignored });
  },
});

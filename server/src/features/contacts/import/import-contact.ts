import { randomUUID } from 'node:crypto';
import type { ContactImportOutcome, ContactImportStarted } from '@chatflow/contract';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { createContact } from '../commands/create-contact';
import { contactImportJob } from './job';
import { type ImportRow, type MappedSelection, mappedRows, validateImportRow } from './rows';

/** One message per field, the first broken rule, as the form shows it. */
function firstIssuePerField(issues: { path: PropertyKey[]; message: string }[]) {
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!fields.has(field)) fields.set(field, issue.message);
  }
  return [...fields].map(([field, key]) => ({ field, key }));
}

/**
 * POST /contactsImport: one row of the import page. A row missing its name or number, with a bad
 * value, or whose number exists already is answered as ignored (spec 2 §5: "a failed row counts as
 * ignored"), so the page counts it without treating the call as a failure.
 */
export async function importContactRow(ctx: RequestContext, row: ImportRow): Promise<ContactImportOutcome> {
  const parsed = validateImportRow(row);
  if (!parsed.success) {
    return {
      ignored: true,
      reason: 'ERR_VALIDATION',
      fields: firstIssuePerField(parsed.error.issues),
    };
  }
  try {
    return await createContact(ctx, parsed.data);
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_DUPLICATED_CONTACT') return { ignored: true, reason: 'ERR_DUPLICATED_CONTACT' };
    throw err;
  }
}

/**
 * POST /contacts/import/rows: the whole selection, imported by the contacts.import job. The answer
 * comes at once; progress and the summary arrive as company-{id}-contactImport events.
 */
export async function startContactImport(ctx: RequestContext, selection: MappedSelection): Promise<ContactImportStarted> {
  const rows = mappedRows(selection);
  const importId = randomUUID();
  // Nothing is written before the job, so there is no commit to wait for.
  await contactImportJob.send(ctx.jobs, { companyId: ctx.companyId, importId, rows });
  return { importId, total: rows.length };
}

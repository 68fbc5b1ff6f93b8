import { setImmediate } from 'node:timers/promises';
import { CONTACT_LIST_COLUMNS, type ContactListImportResult, ContactListItemInput, numberDigits } from '@chatflow/contract';
import { contactListItems } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { ZodError } from 'zod';
import { parseContactSheet } from '../../contacts';
import { checkNumbersJob } from '../check-numbers';
import { contactListEvents } from '../events';
import { contactListView, findContactList } from '../queries';

type Ignored = ContactListImportResult['ignored'][number];
// Small batches with a turn of the event loop between them: the embedded database runs on this thread, so one
// 50,000-row insert would hold every other request (health checks included) for seconds.
const INSERT_BATCH = 250;
const YIELD_EVERY_ROWS = 2000;

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Which column holds each field: the example spreadsheet's headers (nome, numero, email) or their English names. */
export function mapColumns(columns: string[]): { name: number; number: number; email: number } {
  const find = (names: readonly string[]) => columns.findIndex((c) => names.map(plain).includes(plain(c)));
  const name = find(CONTACT_LIST_COLUMNS.name);
  const number = find(CONTACT_LIST_COLUMNS.number);
  if (name < 0 || number < 0) throw new ZodError([{ code: 'custom', path: ['file'], message: 'validation.importColumns', input: null }]);
  return { name, number, email: find(CONTACT_LIST_COLUMNS.email) };
}

/** A row as the item form would take it, or why it cannot be one. */
function readRow(cells: string[], cols: ReturnType<typeof mapColumns>) {
  const candidate = {
    name: cells[cols.name] ?? '',
    number: cells[cols.number] ?? '',
    email: cols.email >= 0 ? (cells[cols.email] ?? '') : '',
    contactListId: 1,
  };
  const parsed = ContactListItemInput.safeParse(candidate);
  const number = numberDigits(candidate.number);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    const reason: Ignored['reason'] = field === 'name' ? 'invalidName' : field === 'email' ? 'invalidEmail' : 'invalidNumber';
    return { ok: false as const, number: number || candidate.number, reason };
  }
  if (number.length < 8 || number.length > 20)
    return { ok: false as const, number: number || candidate.number, reason: 'invalidNumber' as const };
  return { ok: true as const, name: parsed.data.name, number, email: parsed.data.email };
}

/**
 * POST /contact-lists/:id/upload: reads the spreadsheet as the contact import does (xlsx or csv), maps
 * its columns, and creates one item per valid row. Nothing is dropped silently: every row left out is
 * reported with its row number (1 is the header) and reason. A file without the name and number
 * columns imports nothing (400 with the spec's message). The new items are then checked on WhatsApp.
 */
export async function importItems(ctx: RequestContext, contactListId: number, file: Buffer): Promise<ContactListImportResult> {
  await findContactList(ctx.db, ctx.companyId, contactListId);
  const sheet = await parseContactSheet(file);
  const cols = mapColumns(sheet.columns);
  const ignored: Ignored[] = [];
  const seen = new Set<string>();
  const rows: { name: string; number: string; email: string; row: number }[] = [];
  for (const [i, cells] of sheet.rows.entries()) {
    // Checking 50,000 rows takes a few hundred ms: let other requests in between slices of them.
    if (i > 0 && i % YIELD_EVERY_ROWS === 0) await setImmediate();
    const row = i + 2;
    const read = readRow(cells, cols);
    if (!read.ok) ignored.push({ row, number: read.number, reason: read.reason });
    else if (seen.has(read.number)) ignored.push({ row, number: read.number, reason: 'duplicate' });
    else {
      seen.add(read.number);
      rows.push({ name: read.name, number: read.number, email: read.email, row });
    }
  }

  let created = 0;
  await ctx.transaction(async (tx) => {
    await findContactList(tx, ctx.companyId, contactListId);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      if (i > 0) await setImmediate();
      const batch = rows.slice(i, i + INSERT_BATCH);
      const inserted = await tx
        .insert(contactListItems)
        .values(batch.map((r) => ({ companyId: ctx.companyId, contactListId, name: r.name, number: r.number, email: r.email })))
        .onConflictDoNothing()
        .returning({ number: contactListItems.number });
      created += inserted.length;
      const fresh = new Set(inserted.map((r) => r.number));
      for (const r of batch) if (!fresh.has(r.number)) ignored.push({ row: r.row, number: r.number, reason: 'duplicate' });
    }
    const view = await contactListView(tx, ctx.companyId, contactListId);
    contactListEvents.saved(tx, ctx.realtime, view, 'update');
    tx.afterCommit(() => ctx.realtime.toCompany(ctx.companyId, 'ContactListItem', { action: 'reload', contactListId }));
    if (created > 0) await checkNumbersJob.send(ctx.jobs, { companyId: ctx.companyId, contactListId }, { tx });
  });
  ignored.sort((a, b) => a.row - b.row);
  return { created, ignored };
}

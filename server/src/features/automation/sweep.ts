import { sql } from 'drizzle-orm';
import type { JobDeps } from '../../jobs/define';
import { runInboundAutomation } from './run-inbound';

/** A turn normally runs milliseconds after its message; one this old without it was left by a stopped process. */
export const UNANSWERED_AFTER_MS = 30_000;
/**
 * Older messages are left alone: a menu sent many minutes late confuses more than it helps, and the
 * customer's next message answers every message still unanswered anyway (run-inbound.ts).
 */
export const SWEEP_WINDOW_MS = 10 * 60_000;
const BATCH = 500;

/**
 * The net under the in-process automation turns (startInboundAutomation stores no job per message):
 * each ticket whose newest customer message of the window is past its automation state's
 * lastMessageId gets its turn now, which answers everything unanswered up to that message.
 * Customer messages of each company are found through messages_company_created_idx (company,
 * fromMe, createdAt), one index range per company, so the sweep reads the window, not the history.
 * Imported tickets are not the engine's (their messages come with old dates and no turn).
 */
export async function sweepUnansweredMessages(deps: JobDeps, now = deps.clock.now()): Promise<number> {
  const from = new Date(now.getTime() - SWEEP_WINDOW_MS).toISOString();
  const to = new Date(now.getTime() - UNANSWERED_AFTER_MS).toISOString();
  const { rows } = await deps.db.execute<{ message_id: number }>(sql`
    select max(m.id)::bigint as message_id
    from companies c
    cross join lateral (
      select m.id, m.ticket_id from messages m
      where m.company_id = c.id and m.from_me = false
        and m.created_at >= ${from}::timestamptz and m.created_at < ${to}::timestamptz
    ) m
    join tickets t on t.id = m.ticket_id and t.imported_at is null
    left join ticket_automations ta on ta.ticket_id = m.ticket_id
    where m.id > coalesce(ta.last_message_id, 0)
    group by m.ticket_id
    limit ${BATCH}`);
  for (const row of rows) await runInboundAutomation(deps, Number(row.message_id));
  return rows.length;
}

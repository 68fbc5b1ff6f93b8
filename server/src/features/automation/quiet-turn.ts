import { sql } from 'drizzle-orm';
import { batchedReads, perDatabase, preparedSql } from '../../db/prepared';
import type { TicketAutomationRow } from '../../db/schema';
import type { AutomationTurnKind } from '../../http/metrics';
import type { JobDeps } from '../../jobs/define';
import { playTurn } from './answer';
import { RefusedEffect } from './refusing';
import { ticketChanges } from './save-turn';
import { peekMessageTurn, type Turn } from './turn';

/**
 * What a turn played from its read leaves to save, when that is only the engine's state: nothing
 * said, no log entry, the ticket as it was. A later turn may only move the newest answered message
 * (its record is conditional on that one column); a ticket's first turn may set the whole state
 * (its record is conditional on there being none).
 */
function quietState(turn: Turn, before: TicketAutomationRow, fresh: boolean): TicketAutomationRow | null {
  if (turn.said.length > 0 || turn.logs.length > 0 || ticketChanges(turn).length > 0) return null;
  const { state } = turn;
  const unchanged =
    state.stage === before.stage &&
    state.optionId === before.optionId &&
    state.menuSentAt?.getTime() === before.menuSentAt?.getTime() &&
    state.inactiveSentFor === before.inactiveSentFor;
  return fresh || unchanged ? state : null;
}

type Recording = { state: TicketAutomationRow; messageId: number; seenLastMessageId: number | null; now: Date };

/**
 * The quiet turns recorded together, in one statement. A later turn's state moves its newest
 * answered message on, if no other turn moved it since the read; two of one ticket in a batch move
 * it once (the other is not returned, and takes the locked turn). A first turn's state is inserted,
 * if no other turn inserted one since, and its ticket is not locked: the insert's foreign key would
 * wait for a locked turn of that ticket, whose own state upsert would wait for this insert (a
 * deadlock, seen in bench channels), so such a ticket is skipped and its turn takes the locked way. An asynchronous commit, so it does not queue for the WAL flush
 * behind the messages' own commits: a record lost in a crash is a quiet turn the sweep runs again.
 */
const recordStatement = preparedSql<{ message_id: number }>(
  'automation_record_quiet_turns',
  () => sql`
    with r as (
      select * from unnest(${sql.placeholder('ticketIds')}::int[], ${sql.placeholder('companyIds')}::int[],
        ${sql.placeholder('messageIds')}::bigint[], ${sql.placeholder('seenIds')}::bigint[], ${sql.placeholder('stages')}::text[],
        ${sql.placeholder('optionIds')}::int[], ${sql.placeholder('menuSentAts')}::timestamptz[],
        ${sql.placeholder('inactiveSentFors')}::bigint[], ${sql.placeholder('nows')}::timestamptz[])
        as r(ticket_id, company_id, message_id, seen, stage, option_id, menu_sent_at, inactive_sent_for, now)
      where (select set_config('synchronous_commit', 'off', true)) is not null
    ), unlocked_tickets as (
      select t.id from tickets t
      where t.id = any(array(select r.ticket_id from r where r.seen is null))
      order by t.id
      for key share skip locked
    ), moved as (
      update ticket_automations ta set last_message_id = r.message_id, updated_at = r.now
      from r where r.seen is not null and ta.ticket_id = r.ticket_id and ta.last_message_id = r.seen
      returning r.message_id
    ), started as (
      insert into ticket_automations (ticket_id, company_id, stage, option_id, last_message_id, menu_sent_at, inactive_sent_for, created_at, updated_at)
      select ticket_id, company_id, stage, option_id, message_id, menu_sent_at, inactive_sent_for, now, now
      from r join unlocked_tickets on unlocked_tickets.id = r.ticket_id where seen is null
      order by ticket_id
      on conflict (ticket_id) do nothing
      returning last_message_id as message_id
    )
    select message_id::float8 as message_id from moved union all select message_id::float8 from started`,
);

const recorder = perDatabase((db) =>
  batchedReads<Recording, boolean>(async (batch) => {
    const column = <T>(pick: (r: Recording) => T) => batch.map(pick);
    const rows = await recordStatement(db, {
      ticketIds: column((r) => r.state.ticketId),
      companyIds: column((r) => r.state.companyId),
      messageIds: column((r) => r.messageId),
      seenIds: column((r) => r.seenLastMessageId),
      stages: column((r) => r.state.stage),
      optionIds: column((r) => r.state.optionId),
      menuSentAts: column((r) => r.state.menuSentAt?.toISOString() ?? null),
      inactiveSentFors: column((r) => r.state.inactiveSentFor),
      nows: column((r) => r.now.toISOString()),
    });
    const recorded = new Set(rows.map((row) => Number(row.message_id)));
    return batch.map((r) => recorded.has(r.messageId));
  }),
);

/**
 * A quiet turn: one whose only effect is the engine's state (most messages of a ticket an agent
 * serves; a ticket's first message where no bot, flow, timer or rating acts). It is found by playing
 * the turn itself (playTurn) on its read taken without a transaction or the ticket's lock, where any
 * statement, job or event the turn tries throws; so the engine's own rules decide, with no copy of
 * them to keep in step. Then it is recorded, without a transaction, by one conditional write shared
 * with the other turns under way. The locked turn costs four round trips with the ticket held (begin,
 * the locked read, the state, commit); on this path every customer message pays it.
 * A ticket changed after the read (an agent returns it to the queue) is as if the change came just
 * after this message, which it did. Answers 'quiet' once recorded; otherwise the caller runs the
 * locked turn, which decides again: 'refused' when the play tried to act (said, logged, changed the
 * ticket or the state, queued a job), 'locked' when it could not be played or recorded (a backlog,
 * another turn changed the state meanwhile). run-inbound.ts counts the kinds (http/metrics.ts).
 */
export async function quietTurn(deps: JobDeps, messageId: number): Promise<AutomationTurnKind> {
  const peeked = await peekMessageTurn(deps, messageId);
  if (!peeked) return 'locked';
  const { turn, message, checks } = peeked;
  const fresh = turn.fresh;
  const before = { ...turn.state };
  try {
    if (!(await playTurn(turn, [message], checks, messageId))) return 'locked';
  } catch (err) {
    // It tried to act: the locked turn runs it for real. Anything else is a fault of the play itself,
    // logged so that it shows; the locked turn still answers the message.
    if (err instanceof RefusedEffect) return 'refused';
    deps.log.warn({ err, messageId }, 'quiet-turn play failed; the locked turn runs it');
    return 'locked';
  }
  const state = quietState(turn, before, fresh);
  if (!state) return 'refused';
  const seenLastMessageId = fresh ? null : before.lastMessageId;
  try {
    return (await recorder(deps.db)({ state, messageId, seenLastMessageId, now: turn.now })) === true ? 'quiet' : 'locked';
  } catch (err) {
    // The shared record failed (a deadlock with another writer, say): the locked turn decides instead.
    deps.log.warn({ err, messageId }, 'quiet turn not recorded; the locked turn runs it');
    return 'locked';
  }
}

/** Whether the message's turn was quiet and is recorded (quietTurn's 'quiet'). */
export const recordQuietTurn = async (deps: JobDeps, messageId: number): Promise<boolean> => (await quietTurn(deps, messageId)) === 'quiet';

import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { HookedTx } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';

/** The customer message a reply check acts on, with its ticket and company. */
export interface RepliedMessage {
  messageId: number;
  ticketId: number;
  companyId: number;
}

/**
 * What another feature asks of every customer message (a kanban card's rollback, a campaign's
 * confirmation), handed to the engine by the composition root (composition/reply-checks.ts), so the
 * engine reads no other feature's tables. `asks` is a column of the turn's one read (turn.ts), so a
 * check costs an indexed probe there instead of a round trip of its own; `act` runs in the turn's
 * transaction, once per customer message (a re-run finds the message answered). A quiet turn's play
 * (quiet-turn.ts) refuses `act`'s writes, so a message a check asks for always takes the locked turn.
 */
export interface ReplyCheck {
  /** What the check is, for the reader (`kanban rollback`, `campaign confirmation`). */
  name: string;
  /** Whether this customer message asks for it: a boolean over the turn's ticket and contact. */
  asks(on: { ticketId: AnyColumn; companyId: AnyColumn; number: AnyColumn }): SQL<boolean>;
  act(jobs: JobQueue, tx: HookedTx, message: RepliedMessage): Promise<void>;
}

let installed: readonly ReplyCheck[] | null = null;

/**
 * The composition root's reply checks, installed once before any turn runs. The turn's read is
 * prepared once per process (db/prepared.ts), so the checks are fixed per process: installing a
 * different list afterwards is a wiring fault and throws.
 */
export function installReplyChecks(checks: readonly ReplyCheck[]): void {
  const same = installed?.length === checks.length && installed.every((c, i) => c.name === checks[i].name);
  if (installed && !same) throw new Error('reply checks are fixed per process; a different list was installed before');
  installed ??= checks;
}

const replyChecks = () => installed ?? [];

/** The checks as one column of the turn's read: an array of booleans, in the installed order. */
export const replyChecksSql = (on: Parameters<ReplyCheck['asks']>[0]): SQL<boolean[]> => {
  const checks = replyChecks();
  if (checks.length === 0) return sql<boolean[]>`'{}'::boolean[]`;
  return sql<boolean[]>`array[${sql.join(
    checks.map((c) => c.asks(on)),
    sql`, `,
  )}]::boolean[]`;
};

/** The checks this message asks for, from the column replyChecksSql read. */
export const checksAsked = (answers: boolean[] | null): ReplyCheck[] => replyChecks().filter((_, i) => answers?.[i] === true);

import { transactionRunner } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { playTurn } from './answer';
import { quietTurn } from './quiet-turn';
import { saveTurn } from './save-turn';
import { loadMessageTurn } from './turn';

/**
 * The automation turn of a customer's message, in one transaction with the ticket locked: every
 * message of the ticket not answered yet, up to this one, is answered in order, and the answers'
 * messages (with their send jobs), the ticket's changes and the newest answered id commit together.
 * A second run for the same message (the stored fallback job, a retry after a crash) finds it
 * answered and sends nothing. The turn also starts what other features do on a customer's answer (a
 * kanban card's rollback, a campaign's confirmed message), in its transaction: so the sweep that
 * runs turns a stopped process left undone covers those too. A quiet turn (quiet-turn.ts) is only
 * recorded, without the transaction; each turn is counted by its kind (quiet, refused, locked) in the
 * node's metrics, the alarm of the fast path.
 */
export async function runInboundAutomation(deps: JobDeps, messageId: number): Promise<void> {
  const kind = await quietTurn(deps, messageId);
  deps.fastPaths?.automationTurn(kind);
  if (kind === 'quiet') return;
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const loaded = await loadMessageTurn(tx, deps, messageId);
    if (!loaded || loaded.unanswered.length === 0) return;
    const { turn, unanswered, checks } = loaded;
    if (await playTurn(turn, unanswered, checks, messageId)) await saveTurn(turn);
  });
}

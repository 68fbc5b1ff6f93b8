import type { FlowRunRow, MessageRow, TicketRow, ConnectionRow } from '../../db/schema';
import { flows } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { nodeById } from './document';
import { INVALID_OPTION, menuOptions, pickOption, sendMenu } from './nodes/menu';
import { endRun, moveRun } from './step';
import { nextNodeId } from './document';
import { asText } from './text';
import { isBotWait, queueBotTurn } from './bots/turn-queue';

/**
 * The customer's answer to a waiting run, in the automation turn's transaction (ticket and run locked).
 * A question stores the text in its answerKey and goes on; a menu goes on along the chosen option's
 * edge, and an answer that picks no option is told so and gets the menu again (never silence); a
 * typebot or openai node hands the message to its bot.
 */
export async function takeAnswer(
  tx: HookedTx,
  deps: JobDeps,
  run: FlowRunRow,
  ticket: TicketRow,
  connection: ConnectionRow,
  message: MessageRow,
): Promise<void> {
  const [flow] = await tx.select({ doc: flows.flow }).from(flows).where(eq(flows.id, run.flowId));
  const node = flow?.doc ? nodeById(flow.doc, run.nodeId) : undefined;
  if (!flow?.doc || !node) return void (await endRun(tx, deps, run, 'node-missing'));
  const doc = flow.doc;
  if (isBotWait(run.waitingFor)) {
    // A conversation with a bot node: the message is the bot's, answered by its own job. The move makes
    // an older turn still in flight stale, so the bot answers the newest message.
    const moved = await moveRun(tx, deps, run, { quietSteps: 0 });
    await queueBotTurn(tx, deps, moved, message.id);
    return;
  }
  const goOn = (handle: string, variables = run.variables) => {
    const next = nextNodeId(doc, node.id, handle);
    return next
      ? moveRun(tx, deps, run, { nodeId: next, block: 0, status: 'running', waitingFor: null, variables, quietSteps: 0 })
      : moveRun(tx, deps, run, { status: 'done', waitingFor: null, variables, endReason: 'done', quietSteps: 0 });
  };
  if (run.waitingFor === 'question') {
    const key = asText(node.data.answerKey).trim();
    const answer = message.body.trim() || message.mediaName || '';
    await goOn('a', key ? { ...run.variables, [key]: answer } : run.variables);
    return;
  }
  const option = pickOption(menuOptions(node.data), message.body, message.dataJson);
  if (option) {
    await goOn(`a${option.number}`);
    return;
  }
  await sendMenu({ tx, deps, run, doc, node, ticket, connection }, INVALID_OPTION);
  await moveRun(tx, deps, run, { quietSteps: 0 });
}

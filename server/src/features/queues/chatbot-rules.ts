import { CHATBOT_MAX_DEPTH, type ChatbotOptionData } from '@chatflow/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Tx } from '../../db/client';
import { fileLists, queueIntegrations, queues, users } from '../../db/schema';

type Path = (string | number)[];
type Target = 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId';
/** What the target check reads of an option. */
export type TargetsOf = Pick<ChatbotOptionData, Target> & { options: readonly TargetsOf[] };

const TABLES = { optQueueId: queues, optUserId: users, optIntegrationId: queueIntegrations, optFileId: fileLists } as const;
const TARGETS = Object.keys(TABLES) as Target[];

/** Every target id the tree names, with where it sits, so a refusal points at the field. */
function targetsOf(list: readonly TargetsOf[], path: Path, out: { target: Target; id: number; path: Path }[] = []) {
  for (const [i, o] of list.entries()) {
    for (const target of TARGETS) {
      const id = o[target];
      if (id !== null) out.push({ target, id, path: [...path, i, target] });
    }
    targetsOf(o.options, [...path, i, 'options'], out);
  }
  return out;
}

/**
 * The queue, attendant, integration and file list an option points at must be the company's own: an id of another
 * company is the same mistake as one that does not exist (400 on that field, never a link across tenants).
 */
export async function assertChatbotTargets(tx: Tx, companyId: number, list: readonly TargetsOf[], path: Path) {
  const targets = targetsOf(list, path);
  const issues: ZodError['issues'] = [];
  for (const target of TARGETS) {
    const ids = [...new Set(targets.filter((t) => t.target === target).map((t) => t.id))];
    if (ids.length === 0) continue;
    const table = TABLES[target];
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), inArray(table.id, ids)));
    const ok = new Set(found.map((r) => r.id));
    for (const t of targets)
      if (t.target === target && !ok.has(t.id)) issues.push({ code: 'custom', path: t.path, message: 'validation.invalid', input: t.id });
  }
  if (issues.length) throw new ZodError(issues);
}

/** Spec-free bound on menu depth, checked where a subtree is attached below an existing option. */
export function assertDepth(parentDepth: number, list: readonly ChatbotOptionData[], field: string) {
  const deepest = (l: readonly ChatbotOptionData[]): number => Math.max(0, ...l.map((o) => 1 + deepest(o.options)));
  if (parentDepth + deepest(list) > CHATBOT_MAX_DEPTH) {
    throw new ZodError([{ code: 'custom', path: [field], message: 'validation.tooLong', input: null }]);
  }
}

import type { PromptView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';

/** company-{id}-prompt after the commit (spec 3 §7). */
export function announcePrompt(tx: HookedTx, realtime: Realtime, companyId: number, action: 'create' | 'update', prompt: PromptView) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'prompt', { action, prompt }));
}

export function announcePromptDeleted(tx: HookedTx, realtime: Realtime, companyId: number, promptId: number) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'prompt', { action: 'delete', promptId }));
}

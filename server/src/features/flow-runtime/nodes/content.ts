import type { FlowContentElement } from '@chatflow/contract';
import { FLOW_INTERVAL_MAX_SECONDS } from '@chatflow/contract';
import { type Outcome, type StepContext, sayFile, sayText } from '../step-context';
import { asText } from '../text';
import { mediaFile } from './media';

/** The content node's blocks in the order of `seq` (ids like message1, interval2); blocks `seq` misses go last. */
export function orderedBlocks(data: Record<string, unknown>): FlowContentElement[] {
  const elements = Array.isArray(data.elements) ? (data.elements as FlowContentElement[]) : [];
  const seq = Array.isArray(data.seq) ? (data.seq as unknown[]).map(asText) : [];
  const rank = (e: FlowContentElement) => {
    const i = seq.indexOf(e.number);
    return i === -1 ? seq.length : i;
  };
  return [...elements].sort((a, b) => rank(a) - rank(b));
}

export const intervalSeconds = (v: unknown) => Math.min(Math.max(Number(v) || 0, 0), FLOW_INTERVAL_MAX_SECONDS);

/**
 * A content node (singleBlock) from block `ctx.run.block`: texts and files are sent in order until an
 * interval block, which ends the step and continues after it as a delayed job (a restart mid-wait
 * resumes there). An audio block with `record` goes as a voice note.
 */
export async function runContent(ctx: StepContext): Promise<Outcome> {
  const blocks = orderedBlocks(ctx.node.data);
  for (let i = ctx.run.block; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.type === 'interval') return { kind: 'block', block: i + 1, delaySeconds: intervalSeconds(block.value) };
    if (block.type === 'message') {
      await sayText(ctx, asText(block.value));
      continue;
    }
    const file = mediaFile(block.type, block.value, block.original);
    if (file) await sayFile(ctx, block.type === 'audio' && block.record ? { ...file, voiceNote: true } : file);
  }
  return { kind: 'next' };
}

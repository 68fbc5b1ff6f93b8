import { type Outcome, type StepContext, sayFile, sayText } from '../step-context';
import { asText } from '../text';
import { intervalSeconds } from './content';
import { mediaFile } from './media';

// The single-purpose nodes: start, message, interval, img/audio/video, randomizer, condition, question.

export const runStart = async (): Promise<Outcome> => ({ kind: 'next' });

export async function runMessage(ctx: StepContext): Promise<Outcome> {
  await sayText(ctx, asText(ctx.node.data.label));
  return { kind: 'next' };
}

/** An interval node: the next node runs as a delayed job `sec` seconds on (0 to 120). */
export const runInterval = async (ctx: StepContext): Promise<Outcome> => ({
  kind: 'next',
  delaySeconds: intervalSeconds(ctx.node.data.sec),
});

export function runMediaNode(kind: 'img' | 'audio' | 'video') {
  return async (ctx: StepContext): Promise<Outcome> => {
    const file = mediaFile(kind, ctx.node.data.url, ctx.node.data.name);
    if (file) await sayFile(ctx, kind === 'audio' && ctx.node.data.record === true ? { ...file, voiceNote: true } : file);
    return { kind: 'next' };
  };
}

/** A randomizer: handle 'a' with the node's `percent` chance (0 to 100), 'b' otherwise. */
export function runRandomizer(ctx: StepContext, random = Math.random): Promise<Outcome> {
  const percent = Math.min(Math.max(Number(ctx.node.data.percent) || 0, 0), 100);
  return Promise.resolve({ kind: 'next', handle: random() * 100 < percent ? 'a' : 'b' });
}

/**
 * A condition {key, condition, value}: the run's variable `key` compared with `value`; 'a' when it
 * holds, 'b' otherwise. Comparisons: equals (==, =, 1), differs (!=, 2), contains (3), starts with (4),
 * greater (>, 5), less (<, 6); text comparisons ignore case and surrounding spaces.
 */
export function holds(condition: string, left: string, right: string): boolean {
  const [l, r] = [left.trim().toLowerCase(), right.trim().toLowerCase()];
  switch (condition.trim()) {
    case '!=':
    case '2':
      return l !== r;
    case 'contains':
    case '3':
      return l.includes(r);
    case 'startsWith':
    case '4':
      return l.startsWith(r);
    case '>':
    case '5':
      return Number(l) > Number(r);
    case '<':
    case '6':
      return Number(l) < Number(r);
    default:
      return l === r;
  }
}

export async function runCondition(ctx: StepContext): Promise<Outcome> {
  const { key, condition, value } = ctx.node.data;
  const left = ctx.run.variables[asText(key)] ?? '';
  return { kind: 'next', handle: holds(asText(condition), left, asText(value)) ? 'a' : 'b' };
}

/** A question: its message, then the run waits; the answer is stored in the variable `answerKey`. */
export async function runQuestion(ctx: StepContext): Promise<Outcome> {
  await sayText(ctx, asText(ctx.node.data.message));
  return { kind: 'wait', waitingFor: 'question' };
}

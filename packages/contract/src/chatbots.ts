import { z } from 'zod';
import { coercedId, dbId } from './fields';

/**
 * Chatbot option types (spec 2 §3 Chatbot option): show text and a sub-menu, hand to an attendant,
 * move to a queue, run a queue integration (optIntegrationId), or send a file list.
 */
export const CHATBOT_OPTION_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotOptionType = (typeof CHATBOT_OPTION_TYPES)[number];
/** How deep a menu may go and how many options one queue may carry: enough for any real menu, bounded for the engine. */
export const CHATBOT_MAX_DEPTH = 5;
export const CHATBOT_MAX_OPTIONS = 200;
export const CHATBOT_NAME_MIN = 4;

/** An option as saved: children in `options`, in the order the customer sees them. */
export interface ChatbotOptionData {
  id?: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOptionData[];
}
/** What a client may send: defaults fill the rest. */
export interface ChatbotOptionInput {
  id?: unknown;
  name: string;
  greetingMessage?: string;
  queueType?: ChatbotOptionType;
  closeTicket?: boolean;
  /** Ids arrive as numbers, numeric strings or '' (none) from forms. */
  optQueueId?: unknown;
  optUserId?: unknown;
  optIntegrationId?: unknown;
  optFileId?: unknown;
  options?: ChatbotOptionInput[];
}

/** Forms send '' for "none". */
const targetId = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), coercedId('validation.invalid').nullable());

const optionFields = {
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(CHATBOT_NAME_MIN, { message: 'validation.tooShort', abort: true })
    .max(100, { message: 'validation.tooLong' }),
  greetingMessage: z.string().max(5000, { message: 'validation.tooLong' }).optional().default(''),
  queueType: z.enum(CHATBOT_OPTION_TYPES, { message: 'validation.invalid' }).optional().default('text'),
  closeTicket: z.boolean().optional().default(false),
  optQueueId: targetId(),
  optUserId: targetId(),
  optIntegrationId: targetId(),
  optFileId: targetId(),
};

/** The field naming the target each type needs: an attendant, a queue, an integration or a file list. */
export const CHATBOT_TARGET_OF = {
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
} as const satisfies Partial<Record<ChatbotOptionType, keyof ChatbotOptionData>>;
export type ChatbotTargetField = (typeof CHATBOT_TARGET_OF)[keyof typeof CHATBOT_TARGET_OF];

type OptionLike = Omit<ChatbotOptionData, 'id' | 'options'> & { options?: unknown[] };

/**
 * Spec 2 §3: a message is required to go to the next level (it is what the customer reads above the
 * sub-menu); only a text option leads to a sub-menu; each other type names its target.
 */
function optionRules(o: OptionLike, ctx: z.RefinementCtx) {
  const hasChildren = (o.options?.length ?? 0) > 0;
  if (hasChildren && !o.greetingMessage.trim()) ctx.addIssue({ code: 'custom', path: ['greetingMessage'], message: 'validation.required' });
  if (hasChildren && o.queueType !== 'text') ctx.addIssue({ code: 'custom', path: ['queueType'], message: 'validation.invalid' });
  const target = o.queueType === 'text' ? undefined : CHATBOT_TARGET_OF[o.queueType];
  if (target && o[target] === null) ctx.addIssue({ code: 'custom', path: [target], message: 'validation.required' });
}

export const ChatbotOptionInput: z.ZodType<ChatbotOptionData, ChatbotOptionInput> = z
  .lazy(() =>
    z
      .object({
        id: z.preprocess((v) => (v === null ? undefined : v), dbId().optional()),
        ...optionFields,
        options: z.array(ChatbotOptionInput).max(50, { message: 'validation.tooLong' }).optional().default([]),
      })
      .superRefine(optionRules),
  )
  .meta({ id: 'ChatbotOptionInput' });

/** Depth and size of a whole tree: checked once on the list a queue or an option carries. */
export function chatbotTreeIssues(roots: readonly ChatbotOptionData[], startDepth = 1): { depth: boolean; size: boolean } {
  let count = 0;
  let tooDeep = false;
  const walk = (list: readonly ChatbotOptionData[], depth: number) => {
    for (const o of list) {
      count++;
      if (depth > CHATBOT_MAX_DEPTH) tooDeep = true;
      walk(o.options, depth + 1);
    }
  };
  walk(roots, startDepth);
  return { depth: tooDeep, size: count > CHATBOT_MAX_OPTIONS };
}

export const chatbotTreeRule = (roots: readonly ChatbotOptionData[] | undefined, ctx: z.RefinementCtx, path: string) => {
  if (!roots) return;
  const issues = chatbotTreeIssues(roots);
  if (issues.depth || issues.size) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.tooLong' });
};

export const ChatbotTree = z.array(ChatbotOptionInput).max(50, { message: 'validation.tooLong' });

/** GET /chatbot: every option tree of the company, or of one queue. */
export const ChatbotListQuery = z.object({ queueId: coercedId().optional() });

/** POST /chatbot: one option (with any children) appended under a queue, or under another option. */
export const ChatbotCreateInput = z
  .object({
    queueId: coercedId('validation.required'),
    parentId: z.preprocess((v) => (v === '' ? null : v), coercedId().nullable().optional()),
    ...optionFields,
    options: ChatbotTree.optional().default([]),
  })
  .superRefine((o, ctx) => {
    optionRules(o, ctx);
    chatbotTreeRule([o], ctx, 'options');
  });
export type ChatbotCreateInput = z.input<typeof ChatbotCreateInput>;
export type ChatbotCreateData = z.output<typeof ChatbotCreateInput>;

/** PUT /chatbot/{id}: sent fields change; `options`, when sent, replaces the option's children. */
export const ChatbotUpdateInput = z
  .object({
    name: optionFields.name,
    greetingMessage: z.string().max(5000, { message: 'validation.tooLong' }),
    queueType: z.enum(CHATBOT_OPTION_TYPES, { message: 'validation.invalid' }),
    closeTicket: z.boolean(),
    optQueueId: targetId(),
    optUserId: targetId(),
    optIntegrationId: targetId(),
    optFileId: targetId(),
    options: ChatbotTree,
  })
  .partial()
  .superRefine((o, ctx) => {
    if (o.options) chatbotTreeRule(o.options, ctx, 'options');
  });
export type ChatbotUpdateInput = z.input<typeof ChatbotUpdateInput>;
export type ChatbotChanges = z.output<typeof ChatbotUpdateInput>;

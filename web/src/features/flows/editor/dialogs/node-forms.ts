import { FLOW_INTERVAL_MAX_SECONDS, OPENAI_VOICES } from '@chatflow/contract';
import { z } from 'zod';

/** The dialogs' rules (spec 3 §5). Messages are i18n keys, translated where the field shows them. */
const required = (key = 'flows.openai.required') => z.string({ message: key }).trim().min(1, { message: key });
const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v);
const numberFrom = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v));

/**
 * Interval block or node: greater than 0 and at most 120 seconds ("Adicione o valor de intervalo" /
 * "Máximo de tempo atingido 120 segundos").
 */
export const intervalSeconds = z.preprocess(
  numberFrom,
  z
    .number({ message: 'flows.interval.required' })
    .gt(0, { message: 'flows.interval.required' })
    .max(FLOW_INTERVAL_MAX_SECONDS, { message: 'flows.interval.max' }),
);

/** The key of one interval value's problem, or null: the content dialog checks its blocks with it. */
export function intervalProblem(value: unknown): string | null {
  const parsed = intervalSeconds.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'flows.interval.required');
}

export const IntervalForm = z.object({ sec: intervalSeconds });
export type IntervalForm = z.input<typeof IntervalForm>;

export const QuestionForm = z.object({
  message: required('flows.question.required'),
  // Written later as {{answerKey}}: a name without spaces or braces.
  answerKey: required('flows.question.required').regex(/^[A-Za-z0-9_]+$/, { message: 'flows.question.keyFormat' }),
});
export type QuestionForm = z.input<typeof QuestionForm>;

export const MenuForm = z.object({
  message: required('flows.openai.required'),
  arrayOption: z
    .array(z.object({ number: z.number(), value: required('flows.openai.required') }))
    .min(1, { message: 'flows.menuNode.optionsRequired' }),
});
export type MenuForm = z.input<typeof MenuForm>;

export const TicketForm = z.object({
  queueId: z.preprocess(numberFrom, z.number({ message: 'flows.ticket.required' }).int().positive({ message: 'flows.ticket.required' })),
});
export type TicketForm = z.input<typeof TicketForm>;

/** Typebot node: name 2 to 50 ("Too Short!", "Too Long!", "Required"); name, urlN8N and typebotSlug required. */
export const TypebotForm = z.object({
  name: z
    .string({ message: 'flows.typebot.required' })
    .trim()
    .min(1, { message: 'flows.typebot.required', abort: true })
    .min(2, { message: 'flows.typebot.tooShort', abort: true })
    .max(50, { message: 'flows.typebot.tooLong' }),
  urlN8N: required('flows.typebot.required'),
  typebotSlug: required('flows.typebot.required'),
  typebotExpires: z.preprocess(numberFrom, z.number().int().min(0).optional()),
  typebotDelayMessage: z.preprocess(numberFrom, z.number().int().min(0).optional()),
  typebotKeywordFinish: z.string().optional(),
  typebotKeywordRestart: z.string().optional(),
  typebotRestartMessage: z.string().optional(),
  typebotUnknownMessage: z.string().optional(),
});
export type TypebotForm = z.input<typeof TypebotForm>;

/** OpenAI node (spec 3 §3): name, apiKey and prompt required; defaults voice texto, 100 tokens, temperature 1, 10 messages. */
export const OpenAiForm = z.object({
  name: required(),
  apiKey: required(),
  prompt: required(),
  voice: z.enum(OPENAI_VOICES),
  voiceKey: z.string().optional(),
  voiceRegion: z.string().optional(),
  maxTokens: z.preprocess(numberFrom, z.number({ message: 'flows.openai.required' }).int().min(1)),
  temperature: z.preprocess(numberFrom, z.number({ message: 'flows.openai.required' }).min(0).max(2)),
  maxMessages: z.preprocess(numberFrom, z.number({ message: 'flows.openai.required' }).int().min(1)),
  queueId: z.preprocess(numberFrom, z.number().int().positive().optional()),
});
export type OpenAiForm = z.input<typeof OpenAiForm>;
/** Editing a node whose key the server holds (write-only, never sent back): the key may stay empty, which keeps it. */
export const openAiFormFor = (keyStored: boolean) => (keyStored ? OpenAiForm.extend({ apiKey: z.string().optional() }) : OpenAiForm);

export const MessageForm = z.object({ label: required('flows.messageNode.required') });
export type MessageForm = z.input<typeof MessageForm>;

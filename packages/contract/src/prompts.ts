import { z } from 'zod';
import { fromText } from './fields';

/** Spec 3 §9: "texto" (a written reply) plus fifteen Brazilian-Portuguese neural voices (Azure names). */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Spec 3 §9 prompt defaults. */
export const PROMPT_DEFAULTS = { voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10 } as const;

const number = (min: number, max: number, int = true) => {
  let n = z.number({ message: 'validation.required' });
  if (int) n = n.int({ message: 'validation.number' });
  return fromText(n.min(min, { message: 'validation.number' }).max(max, { message: 'validation.number' }));
};

/**
 * The prompt modal (spec 3 §5 Prompt): name 5 to 100, prompt at least 50 characters; voice, max tokens,
 * temperature, API key, queue and max messages required; a missing queue says "Informe o setor".
 */
const fields = {
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(5, { message: 'validation.tooShort', abort: true })
    .max(100, { message: 'validation.tooLong' }),
  apiKey: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(500, { message: 'validation.tooLong' }),
  prompt: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(50, { message: 'validation.promptTooShort', abort: true })
    .max(20000, { message: 'validation.tooLong' }),
  queueId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    fromText(
      z
        .number({ message: 'validation.promptQueue' })
        .int({ message: 'validation.promptQueue' })
        .positive({ message: 'validation.promptQueue' })
        .max(2_147_483_647, { message: 'validation.promptQueue' }),
    ),
  ),
  voice: z.enum(PROMPT_VOICES, { message: 'validation.required' }).default(PROMPT_DEFAULTS.voice),
  voiceKey: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().default(''),
  voiceRegion: z
    .string()
    .trim()
    .max(50, { message: 'validation.tooLong' })
    .regex(/^[a-z0-9-]*$/i, { message: 'validation.invalid' })
    .optional()
    .default(''),
  temperature: number(0, 2, false).default(PROMPT_DEFAULTS.temperature),
  maxTokens: number(1, 32000).default(PROMPT_DEFAULTS.maxTokens),
  maxMessages: number(1, 100).default(PROMPT_DEFAULTS.maxMessages),
};

/** POST /prompt. */
export const PromptInput = z.object(fields);
export type PromptInput = z.input<typeof PromptInput>;
export type PromptData = z.output<typeof PromptInput>;

/**
 * PUT /prompt/{id}: as the modal sends it, except that the API key may be left empty, which keeps
 * the stored one (it is write-only: the list and the modal never receive it back); so does an empty voice key.
 */
export const PromptUpdateInput = z.object({
  ...fields,
  apiKey: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().default(''),
});
export type PromptUpdateInput = z.input<typeof PromptUpdateInput>;
export type PromptChanges = z.output<typeof PromptUpdateInput>;

import { z } from 'zod';
import { PROMPT_VOICES } from '../prompts';

/** A prompt as screens see it: never its API key nor its voice key (write-only), only whether one is stored. */
export const PromptView = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  voice: z.enum(PROMPT_VOICES),
  voiceRegion: z.string(),
  temperature: z.number(),
  maxTokens: z.number(),
  maxMessages: z.number(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  hasApiKey: z.boolean(),
  hasVoiceKey: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptView = z.infer<typeof PromptView>;

export const PromptList = z.object({ prompts: z.array(PromptView) });
export type PromptList = z.infer<typeof PromptList>;

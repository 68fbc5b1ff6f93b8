import { PROMPT_DEFAULTS, PromptInput, type PromptView, PromptUpdateInput } from '@chatflow/contract';

/** The modal's values; numbers arrive as text from their inputs and the contract reads them. */
export interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: number | '';
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  temperature: number | string;
  maxTokens: number | string;
  maxMessages: number | string;
}

/** Spec 3 §9 defaults: voice texto, max tokens 100, temperature 1, max messages 10. */
export const NEW_PROMPT_VALUES: PromptFormValues = {
  name: '',
  apiKey: '',
  prompt: '',
  queueId: '',
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
  temperature: PROMPT_DEFAULTS.temperature,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
};

/** The keys are write-only: an edit starts with them empty (empty keeps the stored one). */
export const toFormValues = (p: PromptView): PromptFormValues => ({
  name: p.name,
  apiKey: '',
  prompt: p.prompt,
  queueId: p.queueId ?? '',
  voice: p.voice,
  voiceKey: '',
  voiceRegion: p.voiceRegion,
  temperature: p.temperature,
  maxTokens: p.maxTokens,
  maxMessages: p.maxMessages,
});

/** A new prompt needs a key; an edit may leave it empty. */
export const promptSchema = (editing: boolean) => (editing ? PromptUpdateInput : PromptInput);

import type { PromptView } from '@chatflow/contract';
import type { PromptRow, QueueRow } from '../../db/schema';

/** The API key and the voice key are write-only: only whether one is stored leaves the server. */
export const presentPrompt = (p: PromptRow, queue: Pick<QueueRow, 'id' | 'name' | 'color'> | null): PromptView => ({
  id: p.id,
  name: p.name,
  prompt: p.prompt,
  voice: p.voice as PromptView['voice'],
  voiceRegion: p.voiceRegion,
  temperature: p.temperature,
  maxTokens: p.maxTokens,
  maxMessages: p.maxMessages,
  queueId: p.queueId,
  queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
  hasApiKey: p.apiKey !== '',
  hasVoiceKey: p.voiceKey !== '',
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

import type { PromptView } from '@chatflow/contract';

/** A stored prompt as GET /prompt answers it, for the prompts screens' tests. */
export const promptView = (over: Partial<PromptView> = {}): PromptView => ({
  id: 3,
  name: 'Assistente padaria',
  prompt: 'Você é o assistente da padaria.',
  voice: 'texto',
  voiceRegion: '',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  queueId: 1,
  queue: { id: 1, name: 'Vendas', color: '#00ff00' },
  hasApiKey: true,
  hasVoiceKey: false,
  createdAt: '',
  updatedAt: '',
  ...over,
});

import { z } from 'zod';

/** One option of a queue's chatbot tree as the API answers it; `options` are its children in menu order. */
export interface ChatbotOptionView {
  id: number;
  queueId: number;
  parentId: number | null;
  position: number;
  name: string;
  greetingMessage: string;
  queueType: 'text' | 'attendent' | 'queue' | 'integration' | 'file';
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOptionView[];
}

export const ChatbotOptionView: z.ZodType<ChatbotOptionView> = z
  .lazy(
    () =>
      z.object({
        id: z.number(),
        queueId: z.number(),
        parentId: z.number().nullable(),
        position: z.number(),
        name: z.string(),
        greetingMessage: z.string(),
        queueType: z.enum(['text', 'attendent', 'queue', 'integration', 'file']),
        closeTicket: z.boolean(),
        optQueueId: z.number().nullable(),
        optUserId: z.number().nullable(),
        optIntegrationId: z.number().nullable(),
        optFileId: z.number().nullable(),
        options: z.array(ChatbotOptionView),
      }),
    // A recursive schema is documented as a named OpenAPI component (it cannot be inlined).
  )
  .meta({ id: 'ChatbotOptionView' });

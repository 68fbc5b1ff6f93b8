import { z } from 'zod';
import { ChatbotOptionView } from './chatbots';
import { ScheduleView } from './refs';

export const QueueView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  /** Minutes, as text (spec 2 §7 queue fields: "tempoRoteador (minutes, text)"). */
  tempoRoteador: z.string(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
  /** Whether the queue has a token; the token itself is write-only. */
  hasToken: z.boolean(),
  schedules: z.array(ScheduleView),
  /** The chatbot tree's root options, each with its children. */
  chatbots: z.array(ChatbotOptionView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueView = z.infer<typeof QueueView>;

import { z } from 'zod';
import { boundedString } from './fields';

/** Rotation time options in minutes; 0 means not set (spec 2 §5). */
export const QUEUE_ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

export const QueueScheduleItem = z.object({
  weekday: z.string().max(20),
  weekdayEn: z.string().max(20).optional(),
  startTimeA: z.string().max(5).optional().default(''),
  endTimeA: z.string().max(5).optional().default(''),
  startTimeB: z.string().max(5).optional().default(''),
  endTimeB: z.string().max(5).optional().default(''),
});

/** Queue data tab (spec 2 §5 Queue). The chatbot tree and schedules editor come with the chatbot issue. */
export const QueueInput = z.object({
  name: boundedString(2, 50),
  color: z.string({ message: 'validation.required' }).trim()
    .min(1, { message: 'validation.required' })
    .min(3, { message: 'validation.tooShort' })
    .max(9, { message: 'validation.tooLong' }),
  orderQueue: z.coerce.number({ message: 'validation.number' }).int().min(0).max(10000).nullable().optional(),
  greetingMessage: z.string().max(5000).optional().default(''),
  outOfHoursMessage: z.string().max(5000).optional().default(''),
  closeTicket: z.boolean().optional().default(false),
  ativarRoteador: z.boolean().optional().default(false),
  tempoRoteador: z.coerce.number().int().refine((n) => (QUEUE_ROTATION_MINUTES as readonly number[]).includes(n), {
    message: 'validation.invalid',
  }).optional().default(0),
  integrationId: z.number().int().positive().nullable().optional(),
  fileListId: z.number().int().positive().nullable().optional(),
  schedules: z.array(QueueScheduleItem).max(7).optional(),
});
export type QueueInput = z.input<typeof QueueInput>;

export interface QueueView {
  id: number;
  companyId: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  schedules: z.infer<typeof QueueScheduleItem>[];
  createdAt: string;
  updatedAt: string;
}

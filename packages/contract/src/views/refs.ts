import { z } from 'zod';

/**
 * Small shapes several views embed. Views are output schemas: plain objects without transforms,
 * so the server can encode through them (unknown keys are stripped) and OpenAPI can show them.
 */
export const TagRef = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof TagRef>;

export const QueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type QueueRef = z.infer<typeof QueueRef>;

export const NamedRef = z.object({ id: z.number(), name: z.string() });

/** One weekday of service hours (queues and the company): two shifts, 'HH:mm' or empty. */
export const ScheduleView = z.object({
  weekday: z.string(),
  weekdayEn: z.string().optional(),
  startTimeA: z.string(),
  endTimeA: z.string(),
  startTimeB: z.string(),
  endTimeB: z.string(),
});

/** The `{ message }` answer of deletes and other actions without a record to return. */
export const ConfirmationView = z.object({ message: z.string() });
export type ConfirmationView = z.infer<typeof ConfirmationView>;

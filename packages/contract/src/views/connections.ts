import { z } from 'zod';
import { CHANNELS, CONNECTION_STATUSES } from '../channels';
import { QueueRef } from './refs';

export const ConnectionView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  number: z.string(),
  channel: z.enum(CHANNELS),
  provider: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  isDefault: z.boolean(),
  qrcode: z.string(),
  retries: z.number(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  groupAsTicket: z.enum(['enabled', 'disabled']),
  allowGroup: z.boolean(),
  queues: z.array(QueueRef),
  updatedAt: z.string(),
  /** Returned only to admins (it authorises the external API and the simulator). */
  token: z.string().optional(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

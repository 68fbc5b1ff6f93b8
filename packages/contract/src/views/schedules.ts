import { z } from 'zod';

const Ref = z.object({ id: z.number(), name: z.string() });

export const ScheduledMessageView = z.object({
  id: z.number(),
  companyId: z.number(),
  body: z.string(),
  contactId: z.number().nullable(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }).nullable(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(['PENDENTE', 'ENVIADA', 'ERRO']),
  /** Why the last send failed (status ERRO): an ERR_* code. */
  errorReason: z.string().nullable(),
  openTicket: z.enum(['enabled', 'disabled']),
  ticketUserId: z.number().nullable(),
  ticketUser: Ref.nullable(),
  queueId: z.number().nullable(),
  statusTicket: z.enum(['closed', 'open']),
  intervalo: z.number(),
  valorIntervalo: z.number(),
  enviarQuantasVezes: z.number(),
  /** Sends done so far (of enviarQuantasVezes). */
  timesSent: z.number(),
  tipoDias: z.number(),
  assinar: z.boolean(),
  whatsappId: z.number().nullable(),
  whatsapp: Ref.nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  userId: z.number().nullable(),
  createdAt: z.string(),
});
export type ScheduledMessageView = z.infer<typeof ScheduledMessageView>;

export const ScheduledMessagePage = z.object({ schedules: z.array(ScheduledMessageView), count: z.number(), hasMore: z.boolean() });
export type ScheduledMessagePage = z.infer<typeof ScheduledMessagePage>;

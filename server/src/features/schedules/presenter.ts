import type { ScheduledMessageView } from '@chatflow/contract';
import type { ScheduleRow } from '../../db/schema';

/** The names a view shows next to the ids: read with the row (queries.ts). */
export interface ScheduleRefs {
  contact: { id: number; name: string; number: string } | null;
  ticketUser: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
}

/** Whitelist of what leaves the server about a schedule. */
export const presentSchedule = (s: ScheduleRow, refs: ScheduleRefs): ScheduledMessageView => ({
  id: s.id,
  companyId: s.companyId,
  body: s.body,
  contactId: s.contactId,
  contact: refs.contact,
  sendAt: s.sendAt.toISOString(),
  sentAt: s.sentAt?.toISOString() ?? null,
  status: s.status,
  errorReason: s.errorReason,
  openTicket: s.openTicket,
  ticketUserId: s.ticketUserId,
  ticketUser: refs.ticketUser,
  queueId: s.queueId,
  statusTicket: s.statusTicket,
  intervalo: s.intervalo,
  valorIntervalo: s.valorIntervalo,
  enviarQuantasVezes: s.enviarQuantasVezes,
  timesSent: s.timesSent,
  tipoDias: s.tipoDias,
  assinar: s.assinar,
  whatsappId: s.whatsappId,
  whatsapp: refs.whatsapp,
  mediaPath: s.mediaPath,
  mediaName: s.mediaName,
  userId: s.userId,
  createdAt: s.createdAt.toISOString(),
});

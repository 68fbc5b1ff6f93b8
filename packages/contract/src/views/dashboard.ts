import { z } from 'zod';
import { TICKET_STATUSES } from '../tickets';
import { NamedRef } from './refs';
import { LastMessageMedia } from './tickets';

/** Spec 1 §3 "Dashboard counters"; each one's definition is in server/src/features/dashboard/counters.ts. */
export const DashboardCounters = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  supportGroups: z.number(),
  leads: z.number(),
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
  activeTickets: z.number(),
  passiveTickets: z.number(),
  npsScore: z.number(),
  npsPromotersPerc: z.number(),
  npsDetractorsPerc: z.number(),
  npsPassivePerc: z.number(),
  tickets: z.number(),
  waitRating: z.number(),
  withoutRating: z.number(),
  withRating: z.number(),
  percRating: z.number(),
});
export type DashboardCounters = z.infer<typeof DashboardCounters>;

/** Spec 1 §3 "Attendant row"; times in minutes, rating the mean rate (null without ratings). */
export const AttendantRow = z.object({
  id: z.number(),
  name: z.string(),
  rating: z.number().nullable(),
  countRating: z.number(),
  tickets: z.number(),
  avgWaitTime: z.number(),
  avgSupportTime: z.number(),
  online: z.boolean(),
});
export type AttendantRow = z.infer<typeof AttendantRow>;

export const DashboardView = z.object({ counters: DashboardCounters, attendants: z.array(AttendantRow) });
export type DashboardView = z.infer<typeof DashboardView>;

export const TicketsByUserView = z.object({ data: z.array(z.object({ nome: z.string(), quantidade: z.number() })), count: z.number() });
export type TicketsByUserView = z.infer<typeof TicketsByUserView>;

/** By hour (`horario`, "HH:00") when the range is one day, else by day (`data`, yyyy-MM-dd). */
export const TicketsByDayView = z.object({
  data: z.array(z.object({ horario: z.string().optional(), data: z.string().optional(), total: z.number() })),
  count: z.number(),
});
export type TicketsByDayView = z.infer<typeof TicketsByDayView>;

/** Spec 2 §3 "Report ticket row"; supportTime in minutes, NPS the ticket's newest rating. */
export const ReportTicketRow = z.object({
  id: z.number(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  lastMessage: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  supportTime: z.number().nullable(),
  NPS: z.number().nullable(),
});
export type ReportTicketRow = z.infer<typeof ReportTicketRow>;

export const TicketReportView = z.object({
  tickets: z.array(ReportTicketRow),
  totalTickets: z.object({ total: z.number() }),
  /** The company's time zone: the screen shows the times in it, as the Excel export does. */
  timeZone: z.string(),
});
export type TicketReportView = z.infer<typeof TicketReportView>;

/** Spec 2 §3 "Attendance panel ticket". */
export const PanelTicketView = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  contact: z.object({ id: z.number(), name: z.string(), urlPicture: z.string() }),
  lastMessage: z.string(),
  lastMessageMedia: LastMessageMedia.nullable(),
  whatsapp: NamedRef.nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  unreadMessages: z.number(),
  updatedAt: z.string(),
  userId: z.number().nullable(),
  user: NamedRef.nullable(),
  /** A waiting (pending) ticket: when it last entered the wait (its current attendance's queuedAt); null otherwise. */
  waitingSince: z.string().nullable(),
});
export type PanelTicketView = z.infer<typeof PanelTicketView>;

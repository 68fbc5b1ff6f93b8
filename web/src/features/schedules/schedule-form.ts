import { SCHEDULE_DEFAULT_LEAD_MS, SCHEDULE_DEFAULTS, type ScheduleData, type ScheduledMessageView } from '@chatflow/contract';
import { format } from 'date-fns';

/** What the schedule dialog edits (spec 3 §3 Schedule); selects hold '' for "none". */
export interface ScheduleFormValues {
  contactId: number | '';
  body: string;
  sendAt: string; // datetime-local, the browser's time zone
  whatsappId: number | '';
  openTicket: 'enabled' | 'disabled';
  statusTicket: 'open' | 'closed';
  ticketUserId: number | '';
  queueId: number | '';
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
  assinar: boolean;
}

/** What POST/PUT /schedules receive. */
export type SchedulePayload = Omit<ScheduleData, 'sendAt' | 'userId' | 'companyId'> & { sendAt: string };

export const toLocalInput = (at: Date) => format(at, "yyyy-MM-dd'T'HH:mm");

/** Spec 3 §4: a new schedule is sent one hour from now, once, unit days, rule 4, without a ticket. */
export const newScheduleValues = (contactId: number | null, now = new Date()): ScheduleFormValues => ({
  contactId: contactId ?? '',
  body: '',
  sendAt: toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_LEAD_MS)),
  whatsappId: '',
  openTicket: SCHEDULE_DEFAULTS.openTicket,
  statusTicket: SCHEDULE_DEFAULTS.statusTicket,
  ticketUserId: '',
  queueId: '',
  intervalo: SCHEDULE_DEFAULTS.intervalo,
  valorIntervalo: SCHEDULE_DEFAULTS.valorIntervalo,
  enviarQuantasVezes: SCHEDULE_DEFAULTS.enviarQuantasVezes,
  tipoDias: SCHEDULE_DEFAULTS.tipoDias,
  assinar: SCHEDULE_DEFAULTS.assinar,
});

export const toFormValues = (s: ScheduledMessageView): ScheduleFormValues => ({
  contactId: s.contactId ?? '',
  body: s.body,
  sendAt: toLocalInput(new Date(s.sendAt)),
  whatsappId: s.whatsappId ?? '',
  openTicket: s.openTicket,
  statusTicket: s.statusTicket,
  ticketUserId: s.ticketUserId ?? '',
  queueId: s.queueId ?? '',
  intervalo: s.intervalo,
  valorIntervalo: s.valorIntervalo,
  enviarQuantasVezes: s.enviarQuantasVezes,
  tipoDias: s.tipoDias,
  assinar: s.assinar,
});

/** The checked form (the contract's schema ran in the resolver) as the API takes it: the instant in ISO. */
export const toPayload = (data: ScheduleData): SchedulePayload => {
  const { userId: _u, companyId: _c, ...rest } = data;
  return { ...rest, sendAt: data.sendAt.toISOString() };
};

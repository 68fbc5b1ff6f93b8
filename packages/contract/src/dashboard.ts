import { z } from 'zod';
import { queryIdList } from './tickets';
import { TICKET_STATUSES } from './tickets';
import { coercedId, fromText } from './fields';
import { listItems } from './query-lists';

// ---- Requests of the dashboard, the ticket report and the attendance panel (spec 2 §7 "Dashboard, reports, panel").
// Dates are calendar days, yyyy-MM-dd (spec 2 §5 Dashboard), read in the company's time zone; a range
// includes both ends. A range of any length is accepted (lists are paginated); an inverted one is refused.

/** yyyy-MM-dd that is a real calendar day (2026-02-30 is refused). */
export const calendarDay = z.string({ message: 'validation.dateFormat' }).refine(isCalendarDay, { message: 'validation.dateFormat' });

function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const statusList = z
  .preprocess(listItems, z.array(z.enum(TICKET_STATUSES, { message: 'validation.invalid' })).max(10))
  .optional()
  .default([]);

/** The dashboard's filter (spec 1 §2.9): every list empty means "all". */
const dashboardFilters = {
  queueIds: queryIdList.optional().default([]),
  tags: queryIdList.optional().default([]),
  users: queryIdList.optional().default([]),
  whatsapps: queryIdList.optional().default([]),
  status: statusList,
};

/** A from/to pair whose end is not before its start; the message names the end field. */
function ordered<T extends z.ZodRawShape>(shape: T, from: keyof T & string, to: keyof T & string) {
  return z.object(shape).superRefine((v, ctx) => {
    const a = (v as Record<string, unknown>)[from];
    const b = (v as Record<string, unknown>)[to];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({ code: 'custom', path: [to], message: 'validation.dateRange' });
    }
  });
}

/** GET /dashboard: the counters and the attendants of tickets created in the range. */
export const DashboardQuery = ordered(
  {
    date_from: calendarDay.optional(),
    date_to: calendarDay.optional(),
    /** The old client's alternative to a range: the last N days up to today. */
    days: fromText(z.number({ message: 'validation.number' }).int().min(1).max(3650)).optional(),
    ...dashboardFilters,
  },
  'date_from',
  'date_to',
);
export type DashboardQuery = z.input<typeof DashboardQuery>;
export type DashboardFilters = z.output<typeof DashboardQuery>;

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay (companyId is accepted and ignored: it comes from the token). */
export const DashboardChartQuery = ordered(
  {
    initialDate: calendarDay,
    finalDate: calendarDay,
    companyId: z.unknown().optional(),
    ...dashboardFilters,
  },
  'initialDate',
  'finalDate',
);
export type DashboardChartQuery = z.input<typeof DashboardChartQuery>;

export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_REPORT_PAGE_SIZE = 10;

/** GET /ticketreport/reports (spec 2 §7); the export takes the same filters without the page. */
export const TicketReportQuery = ordered(
  {
    searchParam: z.string().max(200, { message: 'validation.tooLong' }).optional().default(''),
    contactId: z.preprocess((v) => (v === '' ? undefined : v), coercedId('validation.number')).optional(),
    whatsappId: queryIdList.optional().default([]),
    users: queryIdList.optional().default([]),
    queueIds: queryIdList.optional().default([]),
    status: statusList,
    dateFrom: calendarDay.optional(),
    dateTo: calendarDay.optional(),
    page: fromText(z.number({ message: 'validation.number' }).int().min(1).max(1_000_000))
      .optional()
      .default(1),
    pageSize: fromText(
      z
        .number({ message: 'validation.number' })
        .int()
        .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.invalid' }),
    )
      .optional()
      .default(DEFAULT_REPORT_PAGE_SIZE),
    onlyRated: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
      .transform((v) => v === true || v === 'true' || v === '1')
      .optional()
      .default(false),
  },
  'dateFrom',
  'dateTo',
);
export type TicketReportQuery = z.input<typeof TicketReportQuery>;
export type TicketReportFilters = z.output<typeof TicketReportQuery>;

/** GET /dashboard/moments: the active tickets of the panel, updated within the window (30 days by default). */
export const MomentsQuery = ordered(
  {
    dateStart: calendarDay.optional(),
    dateEnd: calendarDay.optional(),
    queueIds: queryIdList.optional().default([]),
    userId: z.preprocess((v) => (v === '' ? undefined : v), coercedId('validation.number')).optional(),
    status: z.unknown().optional(),
    showAll: z.unknown().optional(),
  },
  'dateStart',
  'dateEnd',
);
export type MomentsQuery = z.input<typeof MomentsQuery>;

/** GET /ticketreport/logs/{ticketId}: the report's ticket log dialog. */
export const ReportTicketParam = z.object({ ticketId: coercedId() });

/** Panel names and last messages are cut above this many characters (spec 2 §9). */
export const PANEL_TEXT_LIMIT = 30;

import { z } from 'zod';
import { dbId, fromText } from './fields';
import { queryIdList } from './tickets';

// Kanban (spec 3 "Kanban", §3 Tag/kanban lane and Kanban ticket, §7 "Tags and kanban"). A lane is a
// tag with kanban = 1; a ticket's lane is its kanban tag (none: the default lane).

/** Cards per lane page: the board's first paint shows this many per lane, a lane loads the next on scroll. */
export const KANBAN_LANE_PAGE_SIZE = 40;
/** The "default" lane's id in requests and answers: tickets without a kanban tag. */
export const DEFAULT_LANE_ID = 0;
/** timeLane is in hours; a month is the longest wait a lane may hold a card before moving it. */
export const LANE_TIME_MAX_HOURS = 720;
export const LANE_GREETING_MAX = 4096;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' });

/**
 * GET /ticket/kanban {queueIds (JSON), startDate, endDate} (yyyy-MM-dd, company time zone, by last
 * update). Without laneId: the first page of every lane; with it: page `pageNumber` of that lane.
 */
export const KanbanTicketsQuery = z
  .object({
    queueIds: queryIdList.optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    laneId: fromText(z.number({ message: 'validation.number' }).int().min(0).max(2_147_483_647)).optional(),
    pageNumber: fromText(z.number({ message: 'validation.number' }).int().min(1).max(100000))
      .optional()
      .default(1),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ['endDate'], message: 'validation.invalid' });
export type KanbanTicketsQuery = z.input<typeof KanbanTicketsQuery>;
export type KanbanTicketsFilters = z.output<typeof KanbanTicketsQuery>;

/** GET /tag/kanban: the lanes, optionally searched by name (the /TagsKanban table). */
export const KanbanLaneQuery = z.object({
  searchParam: z.string().max(200, { message: 'validation.tooLong' }).optional().default(''),
  companyId: z.unknown().optional(),
});

const nullableLaneId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), dbId('validation.invalid').nullable());

/** The lane fields of a tag (POST /tags, PUT /tags/:id); a plain tag ignores them. */
export const LaneFields = z.object({
  timeLane: fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.invalid' })
      .max(LANE_TIME_MAX_HOURS, { message: 'validation.invalid' }),
  ),
  nextLaneId: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), nullableLaneId),
  rollbackLaneId: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), nullableLaneId),
  greetingMessageLane: z.preprocess(
    (v) => (v === null ? '' : v),
    z.string({ message: 'validation.invalid' }).max(LANE_GREETING_MAX, { message: 'validation.tooLong' }),
  ),
});

/** DELETE /ticket-tags/:ticketId?kanban=1 removes only the lane (the card goes to the default lane). */
export const TicketTagsDeleteQuery = z.object({
  kanban: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional()
    .default(false),
});

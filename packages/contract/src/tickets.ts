import { z } from 'zod';
import { coercedId, fromText } from './fields';
import { listItems } from './query-lists';

export const TICKET_STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_LOG_TYPES = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  /** A queue integration or AI assistant failed (timeout, 5xx, invalid key): the ticket went to its queue for a human. */
  'integrationFailed',
  /** A queue integration or AI assistant handed the ticket over to a human (asked by the customer or by the bot). */
  'integrationHandoff',
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

// ---- Requests (spec 1 §7 Tickets). List-valued query parameters arrive as JSON text (`queueIds=[1,2]`)
// from existing clients, as repeated parameters, or comma-separated: all three are accepted.

// The list's limits are in ticket-limits.ts, a module without schemas: the ticket list imports them
// at first paint without loading zod and the schemas below.
export * from './ticket-limits';

/** A list of ids in a query string: JSON text, repeated parameters or "1,2,3". */
export const queryIdList = z.preprocess(listItems, z.array(coercedId('validation.number')).max(500, { message: 'validation.tooLong' }));

const queryFlag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).transform((v) => v === true || v === 'true' || v === '1');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' });

/** The list views of the tickets screen: the four tabs plus the search view (all statuses). */
export const TICKET_TABS = ['open', 'pending', 'group', 'closed', 'search', 'lgpd', 'nps'] as const;
export type TicketTab = (typeof TICKET_TABS)[number];

export const TicketListQuery = z.object({
  searchParam: z.string().max(200, { message: 'validation.tooLong' }).optional().default(''),
  pageNumber: fromText(z.number({ message: 'validation.number' }).int().min(1).max(100000))
    .optional()
    .default(1),
  /** Without a status the list is the search view (every status), as the web's search tab sends it. */
  status: z.enum(TICKET_TABS, { message: 'validation.invalid' }).optional().default('search'),
  tags: queryIdList.optional().default([]),
  users: queryIdList.optional().default([]),
  whatsapps: queryIdList.optional().default([]),
  /** Absent: the user's own queues (an admin: every queue). Tickets without a queue pass the selection. */
  queueIds: queryIdList.optional(),
  statusFilter: z
    .preprocess(listItems, z.array(z.enum(TICKET_STATUSES, { message: 'validation.invalid' })).max(10))
    .optional()
    .default([]),
  showAll: queryFlag.optional().default(false),
  withUnreadMessages: queryFlag.optional().default(false),
  searchOnMessages: queryFlag.optional().default(false),
  /** yyyy-MM-dd in the company's time zone: tickets created that day. */
  date: day.optional(),
  /** yyyy-MM-dd in the company's time zone: tickets updated that day. */
  updatedAt: day.optional(),
  sortTickets: z
    .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC'], { message: 'validation.invalid' }))
    .optional()
    .default('DESC'),
});
export type TicketListQuery = z.input<typeof TicketListQuery>;
export type TicketListFilters = z.output<typeof TicketListQuery>;

/** GET /tickets/counts (our addition): the badge of each tab in one call. */
export const TicketCountsQuery = z.object({
  queueIds: queryIdList.optional(),
  showAll: queryFlag.optional().default(false),
});

const optionalId = z.preprocess((v) => (v === '' ? null : v), coercedId('validation.number').nullable()).optional();

/** POST /tickets (new-ticket modal). The ticket is always the caller's; companyId is ignored. */
export const TicketCreateInput = z.object({
  contactId: coercedId('validation.required'),
  queueId: optionalId,
  whatsappId: optionalId,
  userId: optionalId,
  status: z.enum(['open', 'pending'], { message: 'validation.invalid' }).optional().default('open'),
});
export type TicketCreateInput = z.input<typeof TicketCreateInput>;

/** PUT /tickets/{id}: every status change of spec 1 §4.1 and the integration toggle. */
export const TicketUpdateInput = z.object({
  status: z.enum(TICKET_STATUSES, { message: 'validation.invalid' }).optional(),
  userId: optionalId,
  queueId: optionalId,
  // Existing clients send null when the transfer carries no message of its own: null reads as empty.
  msgTransfer: z.preprocess((v) => (v === null ? '' : v), z.string().max(5000, { message: 'validation.tooLong' }).optional()),
  isTransfered: z.boolean().optional(),
  useIntegration: z.boolean().optional(),
  integrationId: optionalId,
  sendFarewellMessage: z.boolean().optional(),
  amountUsedBotQueues: fromText(z.number().int().min(0).max(1000)).optional(),
  /**
   * "Resolve and send rating": with userRating on, the customer is asked for a rating after the
   * farewell. This build has one rating per connection (its ratingMessage, 0 to 10); the web sends
   * the ticket's connection id. Without it a resolve asks for no rating.
   */
  ratingId: optionalId,
});
export type TicketUpdateInput = z.input<typeof TicketUpdateInput>;

/** POST /tickets/closeAll (admin): every ticket with `status` in the selected queues (and those without one). */
export const TicketCloseAllInput = z.object({
  status: z.enum(['open', 'pending', 'group'], { message: 'validation.invalid' }),
  selectedQueueIds: queryIdList.optional().default([]),
});
export type TicketCloseAllInput = z.input<typeof TicketCloseAllInput>;

export const TicketUuidParam = z.object({ uuid: z.uuid({ message: 'validation.invalid' }) });
export const TicketPathParam = z.object({ ticketId: coercedId() });
export const TicketTagParams = TicketPathParam.extend({ tagId: coercedId() });

// ---- Ticket notes (observations)

export const TicketNoteInput = z.object({
  note: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(2, { message: 'validation.tooShort' })
    .max(5000, { message: 'validation.tooLong' }),
  ticketId: coercedId('validation.required'),
  contactId: coercedId('validation.required'),
});
export type TicketNoteInput = z.input<typeof TicketNoteInput>;

export const TicketNoteListQuery = z.object({
  ticketId: coercedId('validation.required'),
  contactId: coercedId('validation.number').optional(),
});

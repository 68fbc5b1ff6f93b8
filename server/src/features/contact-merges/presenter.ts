import type { ContactMergeView } from '@chatflow/contract';
import type { ContactMergeRow } from '../../db/schema';

/** The log row as the web sees it: counts of what moved, never the snapshot. */
export const presentContactMerge = (m: ContactMergeRow): ContactMergeView => ({
  id: m.id,
  keptContactId: m.keptContactId,
  mergedContactId: m.mergedContactId,
  moved: {
    tickets: m.moved.ticketIds.length,
    closedTickets: m.moved.closedTickets.length,
    schedules: m.moved.scheduleIds.length,
    tags: m.moved.tagIds.length,
    extraInfo: m.moved.extraInfoIds.length,
  },
  createdAt: m.createdAt.toISOString(),
  undoneAt: m.undoneAt?.toISOString() ?? null,
});

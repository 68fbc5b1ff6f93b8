import type { ScheduledMessageView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import { type Realtime, rooms } from '../../realtime/emit';

/** The audience of canManageSchedule: the company's admins and the schedule's author. */
const audience = (userId: number | null) => (userId ? [rooms.admins, rooms.user(userId)] : [rooms.admins]);

/** company-{id}-schedule after the commit, with the view read inside the transaction. */
export function announceSchedule(tx: HookedTx, realtime: Realtime, view: ScheduledMessageView, action: 'create' | 'update') {
  tx.afterCommit(() => realtime.toRoom(view.companyId, audience(view.userId), 'schedule', { action, schedule: view }));
}

export function announceScheduleDeleted(tx: HookedTx, realtime: Realtime, row: { id: number; companyId: number; userId: number | null }) {
  tx.afterCommit(() => realtime.toRoom(row.companyId, audience(row.userId), 'schedule', { action: 'delete', scheduleId: row.id }));
}

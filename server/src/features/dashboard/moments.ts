import type { PanelTicketView } from '@chatflow/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lastMessageMediaOf } from '../tickets';
import { type Period, rowsOf, sqlIdList, withinPeriod } from './scope';

/**
 * The panel shows at most this many tickets (the most recently updated): a card column of thousands
 * is unreadable, and a company that large reads its queues on /tickets.
 */
export const PANEL_TICKET_LIMIT = 1000;

interface Row {
  id: number;
  uuid: string;
  status: PanelTicketView['status'];
  contact_id: number;
  contact_name: string;
  url_picture: string;
  last_message: string;
  last_message_type: string;
  last_message_media_name: string | null;
  last_message_seconds: number | null;
  whatsapp_id: number | null;
  whatsapp_name: string | null;
  queue_id: number | null;
  queue_name: string | null;
  queue_color: string | null;
  unread_messages: number;
  updated_at: string | Date;
  user_id: number | null;
  user_name: string | null;
  waiting_since: string | Date | null;
}

/**
 * GET /dashboard/moments: the company's open and pending tickets (not groups) updated within the
 * window, newest first. The panel puts each under its agent's card, or "Pendentes" without one.
 * GET /usersMoments reads the same tickets without a window (null).
 */
const iso = (d: string | Date) => (d instanceof Date ? d : new Date(d)).toISOString();

export async function panelTickets(
  db: DbOrTx,
  companyId: number,
  period: Period | null,
  timeZone: string,
  f: { queueIds: number[]; userId?: number },
): Promise<PanelTicketView[]> {
  const byQueue = f.queueIds.length ? sql`and t.queue_id in (${sqlIdList(f.queueIds)})` : sql``;
  const byUser = f.userId ? sql`and t.user_id = ${f.userId}` : sql``;
  const inWindow = period ? sql`and ${withinPeriod(sql`t.updated_at`, period, timeZone)}` : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`
    select t.id, t.uuid, t.status, c.id as contact_id, c.name as contact_name, c.url_picture, t.last_message,
      t.last_message_type, t.last_message_media_name, t.last_message_seconds,
      w.id as whatsapp_id, w.name as whatsapp_name, q.id as queue_id, q.name as queue_name, q.color as queue_color,
      t.unread_messages, t.updated_at, t.user_id, u.name as user_name,
      case when t.status = 'pending' then coalesce(
        (select max(tt.queued_at) from ticket_trackings tt where tt.ticket_id = t.id and tt.finished_at is null),
        t.created_at) end as waiting_since
    from (
      select t.* from tickets t
      where t.company_id = ${companyId} and t.status in ('open', 'pending') and not t.is_group
        ${inWindow} ${byQueue} ${byUser}
      order by t.updated_at desc, t.id desc limit ${PANEL_TICKET_LIMIT}
    ) t
    join contacts c on c.id = t.contact_id
    left join connections w on w.id = t.connection_id
    left join queues q on q.id = t.queue_id
    left join users u on u.id = t.user_id
    order by t.updated_at desc, t.id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    contact: { id: r.contact_id, name: r.contact_name, urlPicture: r.url_picture },
    lastMessage: r.last_message,
    lastMessageMedia: lastMessageMediaOf({
      lastMessageType: r.last_message_type,
      lastMessageMediaName: r.last_message_media_name,
      lastMessageSeconds: r.last_message_seconds,
    }),
    whatsapp: r.whatsapp_id === null ? null : { id: r.whatsapp_id, name: r.whatsapp_name ?? '' },
    queue: r.queue_id === null ? null : { id: r.queue_id, name: r.queue_name ?? '', color: r.queue_color ?? '' },
    unreadMessages: r.unread_messages,
    updatedAt: (r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at)).toISOString(),
    userId: r.user_id,
    user: r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '' },
    waitingSince: r.waiting_since === null ? null : iso(r.waiting_since),
  }));
}

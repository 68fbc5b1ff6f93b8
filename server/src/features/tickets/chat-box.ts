import { canSeeTicket } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, users } from '../../db/schema';
import { actorOf } from '../../http/context';
import type { ChatBoxAuthorizer } from '../../realtime/server';
import { actorQueueIds } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may join chatbox:{uuid} (the open conversation's message events): whoever canSeeTicket, the
 * rule of the lists. The user's flags and queues are read now, not from the handshake, so a change
 * made by an admin applies to the next join. The composition root hands it to the socket server.
 */
export function ticketChatBoxAuthorizer(db: Db): ChatBoxAuthorizer {
  return async (socket, uuid) => {
    if (!UUID.test(uuid)) return false;
    const { id, companyId } = socket.data.actor as { id: number; companyId: number };
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, companyId)));
    if (!user) return false;
    const [ticket] = await db
      .select({ userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)));
    return !!ticket && canSeeTicket(actorOf(user), await actorQueueIds(db, user.id), ticket);
  };
}

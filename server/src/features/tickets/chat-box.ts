import { canSeeTicket } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client';
import { tickets, users } from '../../db/schema';
import { actorOf } from '../../http/context';
import { registerChatBoxAuthorizer } from '../../realtime/server';
import { actorQueueIds } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may join chatbox:{uuid} (the open conversation's message events): whoever canSeeTicket, the
 * rule of the lists. The user's flags and queues are read now, not from the handshake, so a change
 * made by an admin applies to the next join. Only sockets of this app's server are answered (tests
 * run several apps in one process).
 */
export function registerTicketChatBox(io: Server, db: Db) {
  registerChatBoxAuthorizer(async (socket, uuid) => {
    if (socket.nsp.server !== io || !UUID.test(uuid)) return false;
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
  });
}

import type { QueueRef, UserView } from '@chatflow/contract';
import type { UserRow } from '../../db/schema';

/** Whitelist of what leaves the server about a user: never the password hash. */
export function presentUser(u: UserRow, queues: QueueRef[] = []): UserView {
  return {
    id: u.id,
    companyId: u.companyId,
    name: u.name,
    email: u.email,
    profile: u.profile,
    super: u.super,
    profileImage: u.profileImage,
    startWork: u.startWork,
    endWork: u.endWork,
    whatsappId: u.whatsappId,
    farewellMessage: u.farewellMessage,
    defaultMenu: u.defaultMenu,
    defaultTheme: u.defaultTheme,
    darkMode: u.defaultTheme === 'dark',
    allTicket: u.allTicket,
    allowGroup: u.allowGroup,
    allHistoric: u.allHistoric,
    allUserChat: u.allUserChat,
    userClosePendingTicket: u.userClosePendingTicket,
    showDashboard: u.showDashboard,
    allowRealTime: u.allowRealTime,
    allowConnections: u.allowConnections,
    defaultTicketsManagerWidth: u.defaultTicketsManagerWidth,
    online: u.online,
    queues,
    createdAt: u.createdAt.toISOString(),
  };
}

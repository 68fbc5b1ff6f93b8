import type { CampaignView } from './views/campaigns';
import type { ConnectionView } from './views/connections';
import type { ContactListItemView, ContactListView } from './views/contact-lists';
import type { ContactView } from './views/contacts';
import type { FileListView } from './views/file-lists';
import type { MessageView } from './views/messages';
import type { QuickMessageView } from './views/quick-messages';
import type { QueueView } from './views/queues';
import type { TagView } from './views/tags';
import type { TicketView } from './views/tickets';
import type { UserView } from './views/users';

/**
 * Realtime event names, kept exactly as the spec writes them (ARCHITECTURE "Realtime contract"),
 * including `company{id}-tag` without the hyphen. Each entry maps a short name to the event name
 * and the payload type; `emitToCompany(…, 'user', payload)` sends `company-{id}-user`.
 */
export interface CompanyEvents {
  user: { action: 'update' | 'create'; user: UserView } | { action: 'delete'; userId: number };
  auth: { action: 'update'; user: { id: number } };
  queue: { action: 'update' | 'create'; queue: QueueView } | { action: 'delete'; queueId: number };
  settings: { action: 'update'; setting: { key: string; value: string } };
  ticket:
    | { action: 'update'; ticket: TicketView }
    | { action: 'delete' | 'removeFromList'; ticketId: number }
    | { action: 'updateUnread'; ticketId: number };
  appMessage:
    | { action: 'create' | 'update'; message: MessageView; ticket: TicketView }
    | { action: 'delete'; messageId: number; ticketId: number };
  contact: { action: 'create' | 'update'; contact: ContactView } | { action: 'delete'; contactId: number };
  /** Sent as `company{id}-tag` (no hyphen), as existing clients listen for it. */
  tag: { action: 'create' | 'update'; tag: TagView } | { action: 'delete'; tagId: number };
  quickemessage: { action: 'create' | 'update'; record: QuickMessageView } | { action: 'delete'; id: number };
  /** File lists (spec 3 §7: company-{id}-file). */
  file: { action: 'create' | 'update'; fileList: FileListView } | { action: 'delete'; fileListId: number };
  whatsapp: { action: 'update'; whatsapp: ConnectionView } | { action: 'delete'; whatsappId: number };
  whatsappSession: { action: 'update'; session: ConnectionView };
  /** A batch contact import (POST /contacts/import/rows): progress every 5 contacts, then the summary. */
  contactImport: { action: 'progress' | 'done'; importId: string; done: number; total: number; created: number; ignored: number };
  /** Contact lists (spec 3 §4: company-{id}-ContactList). */
  ContactList: { action: 'create' | 'update'; record: ContactListView } | { action: 'delete'; id: number };
  /** Items of a contact list; `reload` after an import or a WhatsApp check of many items. */
  ContactListItem:
    | { action: 'create' | 'update'; record: ContactListItemView }
    | { action: 'delete'; id: number; contactListId: number }
    | { action: 'reload'; contactListId: number };
  /** Campaigns (company-{id}-campaign): every change of a campaign, its progress included. */
  campaign: { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number };
}

export const companyEventName = (companyId: number, kind: keyof CompanyEvents | string) =>
  kind === 'tag' ? `company${companyId}-tag` : `company-${companyId}-${kind}`;

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinNotification: 'joinNotification',
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  userStatus: 'userStatus',
} as const;

export const TICKET_ROOMS = ['open', 'pending', 'closed', 'group'] as const;

/** Presence heartbeat period (spec 1 §9); a user is marked offline after missing two beats plus slack. */
export const PRESENCE_HEARTBEAT_MS = 300_000;
export const PRESENCE_TIMEOUT_MS = 2 * PRESENCE_HEARTBEAT_MS + 60_000;

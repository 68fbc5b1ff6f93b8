import type { AnnouncementView } from './views/announcements';
import type { ChatMessageView, ChatView } from './views/chats';
import type { CampaignView } from './views/campaigns';
import type { DownReason } from './channels';
import type { ConnectionView } from './views/connections';
import type { ContactListItemView, ContactListView } from './views/contact-lists';
import type { ContactView } from './views/contacts';
import type { FileListView } from './views/file-lists';
import type { FlowCampaignView } from './flow-campaigns';
import type { FlowSummaryView } from './views/flows';
import type { QueueIntegrationView } from './views/integrations';
import type { PromptView } from './views/prompts';
import type { MessageView } from './views/messages';
import type { QuickMessageView } from './views/quick-messages';
import type { ScheduledMessageView } from './views/schedules';
import type { QueueView } from './views/queues';
import type { TagView } from './views/tags';
import type { TicketView } from './views/tickets';
import type { UserView } from './views/users';

/**
 * Realtime event names, kept exactly as the spec writes them (ARCHITECTURE "Realtime contract"),
 * including `company{id}-tag` without the hyphen and `importMessages-{companyId}`. Each entry maps a short name to the event name
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
  /** Flow list (company-{id}-flowbuilder): a created, renamed, saved or duplicated flow, or a deleted one. */
  flowbuilder: { action: 'create' | 'update'; record: FlowSummaryView } | { action: 'delete'; id: number };
  /**
   * Phrase campaigns (company-{id}-flowcampaign; the spec names no event, so the flowbuilder family's shape),
   * sent to the admins' room only: the campaigns and their phrases are admins' (spec 3 §7 "Flow campaigns").
   */
  flowcampaign: { action: 'create' | 'update'; record: FlowCampaignView } | { action: 'delete'; id: number };
  /** Queue integrations (spec 3 §7: company-{id}-queueIntegration). */
  queueIntegration: { action: 'create' | 'update'; queueIntegration: QueueIntegrationView } | { action: 'delete'; integrationId: number };
  /** AI prompts (spec 3 §7: company-{id}-prompt). */
  prompt: { action: 'create' | 'update'; prompt: PromptView } | { action: 'delete'; promptId: number };
  whatsapp: { action: 'update'; whatsapp: ConnectionView } | { action: 'delete'; whatsappId: number };
  whatsappSession: { action: 'update'; session: ConnectionView };
  /** A connection that was up went down by itself (not stopped by someone): to the admins' room, for a notice. */
  connectionDown: { action: 'down'; connectionId: number; name: string; reason: DownReason | ''; at: string };
  /** A batch contact import (POST /contacts/import/rows): progress every 5 contacts, then the summary. */
  /**
   * Internal chat (spec 3 §4 "Chat realtime"), sent only to the participants' user rooms: create adds a
   * chat, update replaces it, delete removes it, new-message appends (with the chat's new unread counts).
   */
  chat:
    | { action: 'create' | 'update'; record: ChatView }
    | { action: 'delete'; id: number }
    | { action: 'new-message'; message: ChatMessageView; chat: ChatView };
  /**
   * The spec's per-user and per-chat names (spec 3 §7), sent beside `chat` for integrations written against
   * the spec: `company-{id}-chat-user-{userId}` tells that member of a chat created, changed, left or deleted;
   * `company-{id}-chat-{chatId}` carries the chat's new messages. Still only to the members' user rooms.
   */
  [userChat: `chat-user-${number}`]: { action: 'create' | 'update'; record: ChatView } | { action: 'delete'; id: number };
  [chatMessages: `chat-${number}`]: { action: 'new-message'; message: ChatMessageView; chat: ChatView };
  /** Sent as `company-announcement` (no company id), to every company's namespace (spec 3 §7). */
  announcement: { action: 'create' | 'update'; record: AnnouncementView } | { action: 'delete'; id: number };
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
  /** Scheduled messages (spec 3 §4 list channel `schedule`): created, edited, sent or failed, deleted. */
  schedule: { action: 'create' | 'update'; schedule: ScheduledMessageView } | { action: 'delete'; scheduleId: number };
  /**
   * Sent as `importMessages-{companyId}`: an import of a connection's old messages (spec 2 §4). `this`
   * messages of `all` received so far are stored (-1: preparing); `date` is when the last one was sent
   * (ISO). `refresh`: the import ended, the connections list is to be read again.
   */
  /** A confirmed payment renewed the company (spec 2 §4 Checkout): the web shows the new due date. */
  payment: { action: 'CONCLUIDA'; company: { id: number; dueDate: string } };
  importMessages: { action: 'update'; status: ImportMessagesStatus } | { action: 'refresh' };
  /**
   * Collision warning (issue 16): who has a ticket's conversation open (its chat box) and who of them is typing.
   * Sent to the ticket's chat-box room only, whenever a viewer arrives, leaves, starts or stops typing; the
   * list holds every viewer, the receiver included (each user once, however many tabs).
   */
  ticketViewers: { ticketUuid: string; viewers: TicketViewer[] };
}

export interface TicketViewer {
  userId: number;
  name: string;
  typing: boolean;
}

export interface ImportMessagesStatus {
  this: number;
  all: number;
  date: string | null;
}

export const companyEventName = (companyId: number, kind: keyof CompanyEvents | string) =>
  kind === 'tag'
    ? `company${companyId}-tag`
    : kind === 'importMessages'
      ? `importMessages-${companyId}`
      : kind === 'announcement'
        ? 'company-announcement'
        : `company-${companyId}-${kind}`;

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinNotification: 'joinNotification',
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  userStatus: 'userStatus',
  /** `(ticketUuid, typing: boolean)`: a beat every TYPING_BEAT_MS while the agent types, `false` when they stop or send. */
  typing: 'typing',
} as const;

/** The client beats while typing at most this often; the server forgets a typist after TYPING_TTL_MS without a beat. */
export const TYPING_BEAT_MS = 2_000;
export const TYPING_TTL_MS = 5_000;
/** A reply within this long after another agent's asks for confirmation (collision warning). */
export const RECENT_REPLY_MS = 30_000;

export const TICKET_ROOMS = ['open', 'pending', 'closed', 'group'] as const;

/** Presence heartbeat period (spec 1 §9); a user is marked offline after missing two beats plus slack. */
export const PRESENCE_HEARTBEAT_MS = 300_000;
export const PRESENCE_TIMEOUT_MS = 2 * PRESENCE_HEARTBEAT_MS + 60_000;

/** Channels of a connection and of a ticket (ARCHITECTURE "Decisions"). */
export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Connection statuses (spec 1 §4.4); the menu badge shows for all but CONNECTED. */
export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface ConnectionView {
  id: number;
  companyId: number;
  name: string;
  number: string;
  channel: Channel;
  provider: string;
  status: ConnectionStatus;
  isDefault: boolean;
  qrcode: string;
  retries: number;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  groupAsTicket: 'enabled' | 'disabled';
  allowGroup: boolean;
  queues: { id: number; name: string; color: string }[];
  updatedAt: string;
  /** Returned only to admins (it authorises the external API and the simulator). */
  token?: string;
}

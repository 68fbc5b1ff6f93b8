import type { Channel } from './channels';
import type { TagRef } from './tickets';

export interface ContactView {
  id: number;
  companyId: number;
  name: string;
  number: string;
  email: string;
  urlPicture: string;
  channel: Channel;
  active: boolean;
  acceptAudioMessage: boolean;
  disableBot: boolean;
  isGroup: boolean;
  lgpdAcceptedAt: string | null;
  extraInfo: { id: number; name: string; value: string }[];
  tags: TagRef[];
  whatsapp: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

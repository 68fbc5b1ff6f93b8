import { CHATBOT_TYPES, SCHEDULE_TYPES } from '@chatflow/contract';

/** How each company setting is edited on the "Opções" tab (spec 2 §3 Settings, §9 options). */
export type OptionField =
  | { key: string; kind: 'switch' }
  | { key: string; kind: 'select'; options: readonly string[]; labelPrefix: string }
  | { key: string; kind: 'text'; multiline?: boolean; type?: 'number' | 'url' };

export interface OptionGroup {
  id: 'general' | 'tickets' | 'messages' | 'lgpd';
  fields: OptionField[];
  /** Grid width (of 12) of a switch on wide screens. */
  switchWidth?: number;
}

const sw = (key: string): OptionField => ({ key, kind: 'switch' });
const message = (key: string): OptionField => ({ key, kind: 'text', multiline: true });

export const OPTION_GROUPS: OptionGroup[] = [
  {
    id: 'general',
    fields: [
      { key: 'scheduleType', kind: 'select', options: SCHEDULE_TYPES, labelPrefix: 'settings.scheduleTypes.' },
      { key: 'chatBotType', kind: 'select', options: CHATBOT_TYPES, labelPrefix: 'settings.chatBotTypes.' },
      { key: 'autoCloseTicketHours', kind: 'text', type: 'number' },
      sw('userRating'),
      sw('acceptCallWhatsapp'),
      sw('userRandom'),
      sw('sendGreetingMessageOneQueues'),
      sw('sendSignMessage'),
      sw('acceptAudioMessageContact'),
    ],
  },
  {
    id: 'tickets',
    fields: [
      sw('sendGreetingAccepted'),
      sw('sendQueuePosition'),
      sw('sendMsgTransfTicket'),
      sw('sendFarewellWaitingTicket'),
      sw('requiredTag'),
      sw('DirectTicketsToWallets'),
      sw('closeTicketOnTransfer'),
      sw('showNotificationPending'),
    ],
  },
  {
    id: 'messages',
    fields: [
      message('greetingAcceptedMessage'),
      message('sendQueuePositionMessage'),
      message('transferMessage'),
      message('AcceptCallWhatsappMessage'),
    ],
  },
  {
    id: 'lgpd',
    switchWidth: 3,
    fields: [
      sw('enableLGPD'),
      sw('lgpdDeleteMessage'),
      sw('lgpdHideNumber'),
      sw('lgpdConsent'),
      message('lgpdMessage'),
      { key: 'lgpdLink', kind: 'text', type: 'url' },
    ],
  },
];

/** The LGPD details only mean something once LGPD handling is on, so they show only then. */
export const LGPD_DETAIL_KEYS = new Set(['lgpdDeleteMessage', 'lgpdHideNumber', 'lgpdConsent', 'lgpdMessage', 'lgpdLink']);

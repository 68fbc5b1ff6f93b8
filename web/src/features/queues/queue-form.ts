import type { ChatbotOptionType, ChatbotOptionView, QueueInput, QueueScheduleItem, QueueView } from '@chatflow/contract';
import { QUEUE_DEFAULT_SCHEDULES } from '@chatflow/contract';

/** One chatbot option as the editor holds it: a target not chosen yet is ''. */
export interface ChatbotFormOption {
  id?: number;
  name: string;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  closeTicket: boolean;
  optQueueId: number | '';
  optUserId: number | '';
  optIntegrationId: number | '';
  optFileId: number | '';
  options: ChatbotFormOption[];
}

/** What the queue modal edits. orderQueue is the text of a number field: '' means not set. */
export interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  /** The queue's bot (a queue integration), '' for none. */
  integrationId: number | '';
  /** The file list the queue's options send from (spec 2 §7 fileListId), '' for none. */
  fileListId: number | '';
  /** A new token typed ('' keeps the stored one: the token is write-only). */
  token: string;
  /** Remove the stored token on save. */
  removeToken: boolean;
  chatbots: ChatbotFormOption[];
  schedules: QueueScheduleItem[];
}

/** A fresh, readable colour for a new queue (colours are unique per company, so no fixed default). */
export function randomQueueColor(): string {
  const hue = Math.floor(Math.random() * 360);
  const [r, g, b] = [0, 8, 4].map((n) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (0.45 - 0.35 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  });
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export const newChatbotOption = (): ChatbotFormOption => ({
  name: '',
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: '',
  optUserId: '',
  optIntegrationId: '',
  optFileId: '',
  options: [],
});

export const defaultSchedules = (): QueueScheduleItem[] => QUEUE_DEFAULT_SCHEDULES.map((s) => ({ ...s }));

export const newQueueValues = (): QueueFormValues => ({
  name: '',
  color: randomQueueColor(),
  orderQueue: '',
  greetingMessage: '',
  outOfHoursMessage: '',
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: '',
  fileListId: '',
  token: '',
  removeToken: false,
  chatbots: [],
  schedules: [],
});

const toFormOption = (o: ChatbotOptionView): ChatbotFormOption => ({
  id: o.id,
  name: o.name,
  greetingMessage: o.greetingMessage,
  queueType: o.queueType,
  closeTicket: o.closeTicket,
  optQueueId: o.optQueueId ?? '',
  optUserId: o.optUserId ?? '',
  optIntegrationId: o.optIntegrationId ?? '',
  optFileId: o.optFileId ?? '',
  options: o.options.map(toFormOption),
});

export const toFormValues = (q: QueueView): QueueFormValues => ({
  name: q.name,
  color: q.color,
  orderQueue: q.orderQueue === null ? '' : String(q.orderQueue),
  greetingMessage: q.greetingMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  closeTicket: q.closeTicket,
  ativarRoteador: q.ativarRoteador,
  tempoRoteador: Number(q.tempoRoteador) || 0,
  integrationId: q.integrationId ?? '',
  fileListId: q.fileListId ?? '',
  token: '',
  removeToken: false,
  chatbots: q.chatbots.map(toFormOption),
  schedules: q.schedules.map((s) => ({ ...s })),
});

/** Only the chosen type's target is sent: switching a type leaves no stale id behind. */
const toPayloadOption = (o: ChatbotFormOption): NonNullable<QueueInput['chatbots']>[number] => ({
  ...(o.id ? { id: o.id } : {}),
  name: o.name,
  greetingMessage: o.greetingMessage,
  queueType: o.queueType,
  closeTicket: o.closeTicket,
  optQueueId: o.queueType === 'queue' ? o.optQueueId : null,
  optUserId: o.queueType === 'attendent' ? o.optUserId : null,
  optIntegrationId: o.queueType === 'integration' ? o.optIntegrationId : null,
  optFileId: o.queueType === 'file' ? o.optFileId : null,
  options: o.queueType === 'text' ? o.options.map(toPayloadOption) : [],
});

/**
 * The whole modal in one save (data, chatbot tree, schedules). Values arrive parsed by the contract
 * schema. The token is sent only when typed, or '' when the stored one is removed.
 */
export function toPayload(values: QueueFormValues, opts: { removeToken?: boolean } = {}): QueueInput {
  const order = values.orderQueue as unknown;
  const token = String(values.token ?? '').trim();
  return {
    ...(opts.removeToken ? { token: '' } : token ? { token } : {}),
    name: String(values.name),
    color: String(values.color),
    orderQueue: order === '' || order === null || order === undefined ? null : Number(order),
    greetingMessage: String(values.greetingMessage ?? ''),
    outOfHoursMessage: String(values.outOfHoursMessage ?? ''),
    closeTicket: Boolean(values.closeTicket),
    ativarRoteador: Boolean(values.ativarRoteador),
    tempoRoteador: String(Number(values.tempoRoteador ?? 0)),
    integrationId: values.integrationId === '' || values.integrationId == null ? null : Number(values.integrationId),
    fileListId: values.fileListId === '' || values.fileListId == null ? null : Number(values.fileListId),
    chatbots: (values.chatbots ?? []).map(toPayloadOption),
    schedules: values.schedules ?? [],
  };
}

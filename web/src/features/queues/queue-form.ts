import type { QueueInput, QueueView } from '@chatflow/contract';

/** What the "Dados da fila" tab edits. orderQueue is the text of a number field: '' means not set. */
export interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
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

export const newQueueValues = (): QueueFormValues => ({
  name: '',
  color: randomQueueColor(),
  orderQueue: '',
  greetingMessage: '',
  outOfHoursMessage: '',
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: 0,
});

export const toFormValues = (q: QueueView): QueueFormValues => ({
  name: q.name,
  color: q.color,
  orderQueue: q.orderQueue === null ? '' : String(q.orderQueue),
  greetingMessage: q.greetingMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  closeTicket: q.closeTicket,
  ativarRoteador: q.ativarRoteador,
  tempoRoteador: q.tempoRoteador,
});

/**
 * Only this tab's fields are sent: schedules, integration and file list belong to other editors,
 * and an update leaves unsent fields alone. Values arrive already parsed by the contract schema.
 */
export function toPayload(values: QueueFormValues | Record<string, unknown>): QueueInput {
  const v = values as Record<string, unknown>;
  const order = v.orderQueue;
  return {
    name: String(v.name),
    color: String(v.color),
    orderQueue: order === '' || order === null || order === undefined ? null : Number(order),
    greetingMessage: String(v.greetingMessage ?? ''),
    outOfHoursMessage: String(v.outOfHoursMessage ?? ''),
    closeTicket: Boolean(v.closeTicket),
    ativarRoteador: Boolean(v.ativarRoteador),
    tempoRoteador: Number(v.tempoRoteador ?? 0),
  };
}

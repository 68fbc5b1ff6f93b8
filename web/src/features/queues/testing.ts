import type { QueueView } from '@chatflow/contract';

/** A queue as GET /queue answers it, with overrides. */
export const queueView = (id: number, name: string, over: Partial<QueueView> = {}): QueueView => ({
  id,
  companyId: 2,
  name,
  color: '#ff0000',
  orderQueue: null,
  greetingMessage: '',
  outOfHoursMessage: '',
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: '0',
  integrationId: null,
  fileListId: null,
  hasToken: false,
  schedules: [],
  chatbots: [],
  createdAt: '',
  updatedAt: '',
  ...over,
});

import type { ChatbotOptionView, QueueView } from '@chatflow/contract';
import type { QueueRow } from '../../db/schema';

/** Whitelist of what leaves the server about a queue; `chatbots` is its option tree (chatbot-tree.ts). */
export function presentQueue(q: QueueRow, chatbots: ChatbotOptionView[]): QueueView {
  return {
    id: q.id,
    companyId: q.companyId,
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    closeTicket: q.closeTicket,
    ativarRoteador: q.ativarRoteador,
    tempoRoteador: String(q.tempoRoteador),
    integrationId: q.integrationId,
    fileListId: q.fileListId,
    hasToken: q.token !== '',
    schedules: q.schedules.map((s) => ({
      weekday: s.weekday,
      ...(s.weekdayEn === undefined ? {} : { weekdayEn: s.weekdayEn }),
      startTimeA: s.startTimeA ?? '',
      endTimeA: s.endTimeA ?? '',
      startTimeB: s.startTimeB ?? '',
      endTimeB: s.endTimeB ?? '',
    })),
    chatbots,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

import type { Realtime } from '../../realtime/emit';

/** company-{id}-payment: every user of the company learns the new due date at once (after commit). */
export const paymentEvents = {
  concluded(realtime: Realtime, companyId: number, dueDate: string) {
    realtime.toCompany(companyId, 'payment', { action: 'CONCLUIDA', company: { id: companyId, dueDate } });
  },
};

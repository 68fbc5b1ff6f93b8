import { makeSessionUser } from '../../test/session-user';
import type { SessionUserView } from '@chatflow/contract';

export { makeTicket } from '../../test/ticket-view';

/** The session's agent of the ticket tests: Ana, in Vendas and Suporte. */
export const makeUser = (over: Partial<SessionUserView> = {}): SessionUserView =>
  makeSessionUser({
    id: 7,
    email: 'ana@acme.com',
    queues: [
      { id: 1, name: 'Vendas', color: '#ff0000' },
      { id: 2, name: 'Suporte', color: '#0000ff' },
    ],
    ...over,
  });

import type { Actor, SessionUserView } from '@chatflow/contract';

/** The session user as the contract's permission rules read it (allHistoric unset means disabled). */
export const actorOf = (user: SessionUserView): Actor => ({ ...user, allHistoric: user.allHistoric ?? 'disabled' });

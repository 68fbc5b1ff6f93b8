import type { Actor } from '@chatflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { UserRow } from '../db/schema';
import type { ChannelRegistry } from '../channels/types';
import type { Clock } from '../clock';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/emit';

export type HookedTx = Tx & { afterCommit(fn: () => void | Promise<void>): void };

/** Everything a command needs about the caller; the company always comes from here, never from input. */
export interface RequestContext {
  db: Db;
  config: Config;
  realtime: Realtime;
  jobs: JobQueue;
  channels: ChannelRegistry;
  log: FastifyBaseLogger;
  companyId: number;
  actor: Actor;
  user: UserRow;
  /** The user's queues, when the session check loaded them (every route but GET /auth/me). */
  queueIds?: number[];
  sessionId: string;
  /** Now, as the app tells it (tests set it). */
  clock: Clock;
  transaction<T>(fn: (tx: HookedTx) => Promise<T>): Promise<T>;
}

/** Runs `fn` in a transaction and calls the hooks it registered only after the commit. */
export function transactionRunner(db: Db, log: FastifyBaseLogger) {
  return async function transaction<T>(fn: (tx: HookedTx) => Promise<T>): Promise<T> {
    const hooks: (() => void | Promise<void>)[] = [];
    const result = await db.transaction((tx) =>
      fn(Object.assign(tx, { afterCommit: (h: () => void | Promise<void>) => void hooks.push(h) })),
    );
    for (const hook of hooks) {
      try {
        await hook();
      } catch (err) {
        log.error({ err }, 'after-commit hook failed');
      }
    }
    return result;
  };
}

export function actorOf(u: UserRow): Actor {
  return {
    id: u.id,
    companyId: u.companyId,
    profile: u.profile,
    super: u.super,
    allTicket: u.allTicket,
    allowGroup: u.allowGroup,
    allHistoric: u.allHistoric ?? 'disabled',
    allUserChat: u.allUserChat,
    userClosePendingTicket: u.userClosePendingTicket,
    showDashboard: u.showDashboard,
    allowRealTime: u.allowRealTime,
    allowConnections: u.allowConnections,
  };
}

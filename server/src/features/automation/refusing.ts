import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';

/** A turn played from its read alone (quiet-turn.ts) tried to act: it needs the locked turn. */
export class RefusedEffect extends Error {
  constructor(what: string) {
    super(`a turn played without its transaction tried to use ${what}`);
  }
}

const refusing = <T extends object>(what: string): T =>
  new Proxy({} as T, {
    get() {
      throw new RefusedEffect(what);
    },
  });

/** Stands for the transaction a turn played from its read does not have: any use of it throws RefusedEffect. */
export const refusingTx = refusing<HookedTx>('the transaction');

/**
 * The job deps of a turn played from its read: what only computes (the clock, the configuration, the
 * log) is there; what acts or reads (the database, jobs, sockets, channels) throws RefusedEffect.
 */
export function refusingDeps(deps: JobDeps): JobDeps {
  return {
    clock: deps.clock,
    config: deps.config,
    log: deps.log,
    db: refusing('the database'),
    jobs: refusing('the job queue'),
    realtime: refusing('the sockets'),
    channels: refusing('the channels'),
  };
}

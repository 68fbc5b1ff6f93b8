import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FastPathCounters } from '../../http/metrics';
import type { Realtime } from '../../realtime/emit';

/** What the pipeline needs: it runs inside provider callbacks, outside any request. */
export interface InboundDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'storage'>;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /**
   * Called once a customer's message (not one the company sent from the phone) is committed: the
   * composition root hands it to the automation engine. The pipeline never waits for what it starts.
   */
  afterCustomerMessage?: (stored: { messageId: number }) => void;
  /** Counts each stored message by the path it took (the node's metrics): the alarm of the one-statement paths. */
  fastPaths?: Pick<FastPathCounters, 'inboundPath'>;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/emit';

/** What the pipeline needs: it runs inside provider callbacks, outside any request. */
export interface InboundDeps {
  db: Db;
  config: Pick<Config, 'dataDir'>;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

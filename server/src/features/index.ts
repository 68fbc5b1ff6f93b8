import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TokenService } from '../http/tokens';
import type { ChannelRegistry } from '../channels/types';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/emit';
import { authRoutes } from './auth/routes';
import { connectionRoutes } from './connections/routes';
import { contactImportRoutes } from './contacts/import-routes';
import { contactRoutes } from './contacts/routes';
import { companyRoutes } from './companies/routes';
import { helpRoutes } from './helps/routes';
import { messageRoutes, sendTicketText } from './messages';
import { planRoutes } from './plans/routes';
import { queueRoutes } from './queues/routes';
import { quickMessageRoutes } from './quick-messages/routes';
import { settingRoutes } from './settings/routes';
import { simulatorRoutes } from './simulator/routes';
import { tagRoutes } from './tags/routes';
import { ticketRoutes } from './tickets';
import { userRoutes } from './users/routes';
import { versionRoutes } from './version/routes';

export interface FeatureDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  realtime: Realtime;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  channels: ChannelRegistry;
}

/** Every feature's routes, in one list so a new feature is one line here. */
export async function registerFeatures(app: FastifyInstance, deps: FeatureDeps) {
  await app.register(authRoutes(deps));
  await app.register(userRoutes);
  await app.register(queueRoutes);
  await app.register(companyRoutes);
  await app.register(planRoutes(deps));
  await app.register(helpRoutes);
  await app.register(settingRoutes(deps));
  await app.register(versionRoutes(deps.config));
  await app.register(contactRoutes);
  await app.register(contactImportRoutes);
  await app.register(tagRoutes);
  await app.register(quickMessageRoutes);
  await app.register(ticketRoutes({ ...deps, sendTicketText }));
  await app.register(messageRoutes);
  await app.register(connectionRoutes);
  await app.register(simulatorRoutes(deps));
}

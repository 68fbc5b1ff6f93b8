import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from './deps';
import { authRoutes } from './auth';
import { campaignRoutes } from './campaigns';
import { contactListRoutes } from './contact-lists';
import { connectionRoutes } from './connections';
import { contactImportRoutes, contactRoutes } from './contacts';
import { externalApiRoutes } from './external-api';
import { companyRoutes } from './companies';
import { helpRoutes } from './helps';
import { messageRoutes, sendTicketText } from './messages';
import { metaRoutes } from './meta';
import { planRoutes } from './plans';
import { chatbotRoutes, queueRoutes } from './queues';
import { fileListRoutes } from './file-lists';
import { quickMessageRoutes } from './quick-messages';
import { settingRoutes } from './settings';
import { simulatorRoutes } from './simulator';
import { tagRoutes } from './tags';
import { ticketRoutes } from './tickets';
import { userRoutes } from './users';
import { versionRoutes } from './version';

export type { FeatureDeps } from './deps';

/** Every feature's routes, in one list so a new feature is one line here. */
export async function registerFeatures(app: FastifyInstance, deps: FeatureDeps) {
  await app.register(authRoutes(deps));
  await app.register(userRoutes);
  await app.register(queueRoutes);
  await app.register(chatbotRoutes);
  await app.register(fileListRoutes);
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
  await app.register(externalApiRoutes(deps));
  await app.register(simulatorRoutes(deps));
  await app.register(metaRoutes(deps));
  await app.register(contactListRoutes);
  await app.register(campaignRoutes);
}

import { exists, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BaileysProvider, baileysDownload, baileysSocket, type MediaDownloader, type SocketFactory } from '../channels/baileys';
import { type ProviderRegistry, providerKeyOf } from '../channels/registry';
import { SimulatorProvider } from '../channels/simulator/provider';
import type { ProviderEvents } from '../channels/types';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ConnectionRow } from '../db/schema';
import { channelSessions, connections } from '../db/schema';
import { startInboundAutomation } from '../features/automation';
import { startConfirmationReply } from '../features/campaigns';
import { sessionStatusHandler } from '../features/connections';
import { inboundPipeline } from '../features/inbound';
import { getCompanySetting, getGlobalSetting } from '../features/settings';
import { wireMetaChannels } from './meta-channels';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/emit';

/**
 * The channel wiring, part of the composition root: channels/ knows providers and their registry,
 * never a feature; here a provider's reports meet the features that handle them.
 */
export interface ChannelEventDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
  config: Config;
  jobs: JobQueue;
}

/** A connection's event sink: status to the connections feature, everything else to the inbound pipeline. */
export function channelEvents(deps: () => ChannelEventDeps, connection: ConnectionRow): ProviderEvents {
  // A customer's committed message starts the automation engine (menus, hours, ratings, consent).
  // It also lets a campaign's confirmation flow send its message to a contact who answered.
  const inbound = () => ({
    ...deps(),
    afterCustomerMessage: (m: { messageId: number }) => {
      startInboundAutomation(deps(), m.messageId);
      startConfirmationReply(deps(), m.messageId);
    },
  });
  return { ...inboundPipeline(inbound), onStatus: sessionStatusHandler(deps(), connection) };
}

/**
 * Registers the providers this build knows with the registry: the simulator unless SIMULATOR=off,
 * WhatsApp Web (`beta`) unless WHATSAPP_WEB=off.
 */
export function wireChannels(registry: ProviderRegistry, config: Config, deps: () => ChannelEventDeps): void {
  if (config.simulator) {
    registry.register('simulator', (connection, events) => {
      const { db, jobs, log, config } = deps();
      return new SimulatorProvider(connection, events, { db, jobs, log, dataDir: config.dataDir });
    });
  }
  wireMetaChannels(registry, deps);
  if (config.whatsappWeb) registerWhatsappWeb(registry, deps, { makeSocket: baileysSocket, download: baileysDownload });
}

/** WhatsApp Web over a transport (socket factory and media download): Baileys' own in the product, a fake in tests. */
export function registerWhatsappWeb(
  registry: ProviderRegistry,
  deps: () => ChannelEventDeps,
  transport: { makeSocket: SocketFactory; download: MediaDownloader },
): void {
  registry.register('beta', (connection, events) => {
    const { db, log } = deps();
    return new BaileysProvider(connection, events, {
      db,
      log,
      ...transport,
      // The global downloadLimit setting (MB, 64 unless set), as attachments sent from the inbox.
      downloadLimitBytes: async () => (Number(await getGlobalSetting(db, 'downloadLimit')) || 64) * 1024 * 1024,
      callPolicy: async (companyId) => ({
        reject: (await getCompanySetting(db, companyId, 'acceptCallWhatsapp')) === 'disabled',
        message: (await getCompanySetting(db, companyId, 'AcceptCallWhatsappMessage')) ?? '',
      }),
    });
  });
}

/**
 * At start-up: starts the session of every connection, of every company, whose provider this node
 * runs. A WhatsApp Web connection is resumed only when it has a stored login (one never paired waits
 * for someone to ask for its QR code). A connection that fails to start is logged and left as it is.
 */
export async function startChannelSessions(registry: ProviderRegistry, deps: ChannelEventDeps): Promise<void> {
  const all = await deps.db
    .select({ id: connections.id, provider: connections.provider, channel: connections.channel })
    .from(connections)
    .where(
      or(
        ne(connections.channel, 'whatsapp'),
        ne(connections.provider, 'beta'),
        exists(sql`(select 1 from ${channelSessions} where ${channelSessions.connectionId} = ${connections.id})`),
      ),
    );
  for (const connection of all) {
    if (!registry.supports(providerKeyOf(connection))) continue;
    await registry.start(connection.id).catch((err) => deps.log.error({ err, connectionId: connection.id }, 'session did not start'));
  }
}

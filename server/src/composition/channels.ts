import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '../channels/registry';
import { SimulatorProvider } from '../channels/simulator/provider';
import type { ProviderEvents } from '../channels/types';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ConnectionRow } from '../db/schema';
import { connections } from '../db/schema';
import { startInboundAutomation } from '../features/automation';
import { sessionStatusHandler } from '../features/connections';
import { inboundPipeline } from '../features/inbound';
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
  const inbound = () => ({ ...deps(), afterCustomerMessage: (m: { messageId: number }) => startInboundAutomation(deps(), m.messageId) });
  return { ...inboundPipeline(inbound), onStatus: sessionStatusHandler(deps(), connection) };
}

/**
 * Registers the providers this build knows with the registry: the simulator unless SIMULATOR=off
 * (the WhatsApp Web provider, `beta`, arrives with the channels issue).
 */
export function wireChannels(registry: ProviderRegistry, config: Config, deps: () => ChannelEventDeps): void {
  if (config.simulator) {
    registry.register('simulator', (connection, events) => {
      const { db, jobs, log, config } = deps();
      return new SimulatorProvider(connection, events, { db, jobs, log, dataDir: config.dataDir });
    });
  }
}

/**
 * At start-up: starts the session of every connection, of every company, whose provider this node
 * runs (today the simulator's). A connection that fails to start is logged and left as it is.
 */
export async function startChannelSessions(registry: ProviderRegistry, deps: ChannelEventDeps): Promise<void> {
  const all = await deps.db
    .select({ id: connections.id, provider: connections.provider })
    .from(connections)
    .where(eq(connections.channel, 'whatsapp'));
  for (const connection of all) {
    if (!registry.supports(connection.provider)) continue;
    await registry.start(connection.id).catch((err) => deps.log.error({ err, connectionId: connection.id }, 'session did not start'));
  }
}

import { and, eq, exists, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BaileysProvider, baileysDownload, baileysSocket, type MediaDownloader, type SocketFactory } from '../channels/baileys';
import { fakePhoneTransport } from '../channels/baileys/fake-phone';
import { SessionLeases } from '../channels/lease';
import { type ProviderRegistry, providerKeyOf } from '../channels/registry';
import { sessionCommandJob } from '../channels/session-command-job';
import { JobRunner } from '../jobs/runner';
import { pairingCodeFromHolder } from '../channels/pairing-code-relay';
import { SessionKeeper } from '../channels/session-keeper';
import { SimulatorProvider } from '../channels/simulator/provider';
import type { ProviderEvents } from '../channels/types';
import type { Config } from '../config';
import type { FastPathCounters } from '../http/metrics';
import { mediaStorage } from '../media';
import type { Db } from '../db/client';
import type { ConnectionRow } from '../db/schema';
import { channelLeases, channelSessions, connections } from '../db/schema';
import { startInboundAutomation } from '../features/automation';
import { importProgressHandler, sessionStatusHandler } from '../features/connections';
import { mergeAliasContact } from '../features/contact-merges';
import { hasTemplates, templateSyncJob } from '../features/message-templates';
import { inboundPipeline } from '../features/inbound';
import { sendPendingJob } from '../features/messages';
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
  /** This node's counts of the fast paths (its metrics), for the inbound pipeline. */
  fastPaths?: FastPathCounters;
}

/**
 * A connection's event sink: status and import progress to the connections feature, everything else
 * to the inbound pipeline. When a session (WhatsApp Web) opens, on this node, the messages written
 * while it was down (or while a dead node held it) are sent, each once.
 */
export function channelEvents(deps: () => ChannelEventDeps, connection: ConnectionRow, registry: ProviderRegistry): ProviderEvents {
  // A customer's committed message starts the automation engine (menus, hours, ratings, consent).
  // Its turn also moves a kanban card back to its lane's rollback lane, and lets a campaign's
  // confirmation flow send its message to a contact who answered (automation/run-inbound.ts).
  const inbound = () => ({
    ...deps(),
    afterCustomerMessage: (m: { messageId: number }) => startInboundAutomation(deps(), m.messageId),
  });
  const reportStatus = sessionStatusHandler(deps(), connection);
  const held = registry.isSessionProvider(providerKeyOf(connection));
  return {
    ...inboundPipeline(inbound),
    onStatus: async (status, extra) => {
      await reportStatus(status, extra);
      // A Cloud API connection that names its business account reads its templates on connect.
      if (status === 'CONNECTED' && hasTemplates(connection)) await templateSyncJob.send(deps().jobs, { connectionId: connection.id });
      if (held && status === 'CONNECTED') {
        await sendPendingJob.send(deps().jobs, { connectionId: connection.id }, { node: deps().config.nodeId });
      }
    },
    onImport: importProgressHandler(deps(), connection),
    // A customer first known by a LID or a business-scoped id whose number is now known: one contact.
    onNumberLearned: async ({ alias, number }) => {
      await mergeAliasContact(deps(), { companyId: connection.companyId, channel: connection.channel }, alias, number);
    },
  };
}

/**
 * Registers the providers this build knows with the registry: the simulator unless SIMULATOR=off,
 * WhatsApp Web (`beta`) unless WHATSAPP_WEB=off.
 */
export function wireChannels(registry: ProviderRegistry, config: Config, deps: () => ChannelEventDeps): void {
  if (config.simulator) {
    registry.register('simulator', (connection, events) => {
      const { db, jobs, log, config } = deps();
      return new SimulatorProvider(connection, events, { db, jobs, log, storage: mediaStorage(config) });
    });
  }
  wireMetaChannels(registry, deps);
  if (!config.whatsappWeb) return;
  const transport =
    config.whatsappWebTransport === 'fake-phone'
      ? fakePhoneTransport(() => deps().db, config.nodeId)
      : { makeSocket: baileysSocket, download: baileysDownload };
  registerWhatsappWeb(registry, deps, transport);
}

/** WhatsApp Web over a transport (socket factory and media download): Baileys' own in the product, a fake in tests. */
export function registerWhatsappWeb(
  registry: ProviderRegistry,
  deps: () => ChannelEventDeps,
  transport: { makeSocket: SocketFactory; download: MediaDownloader; reconnectDelay?: (attempt: number) => number },
): void {
  registry.register(
    'beta',
    (connection, events) => {
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
    },
    { session: true },
  );
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
    const key = providerKeyOf(connection);
    if (!registry.supports(key)) continue;
    // A session another live node holds stays there (adopt leaves it); the others start here.
    const start = registry.isSessionProvider(key) ? registry.adopt(connection.id) : registry.start(connection.id);
    await start.catch((err) => deps.log.error({ err, connectionId: connection.id }, 'session did not start'));
  }
}

/**
 * Shares sessions between nodes (docs/subsystems.md, "Sessions across nodes"): this node's leases, commands
 * sent to a holder's own queue, and the keeper that renews leases and takes dead nodes' sessions.
 */
/** A node that starts holding sessions says so here (SessionKeeper's peers). */
const SESSIONS_HELD_CHANNEL = 'chatflow_sessions_held';

export function shareSessions(
  registry: ProviderRegistry,
  base: Pick<ChannelEventDeps, 'db' | 'config' | 'log'>,
  jobs: () => JobQueue,
): SessionKeeper {
  const { db, config, log } = base;
  const leases = new SessionLeases(db, config.nodeId, config.sessionLease.ttlMs);
  registry.shareSessions({
    leases,
    tellHolder: (holder, connectionId, command) => sessionCommandJob.send(jobs(), { connectionId, command }, { node: holder }),
    pairingCodeFrom: (holder, connectionId, phoneNumber) => pairingCodeFromHolder(db, jobs(), holder, connectionId, phoneNumber),
    onHolding: () => keeper.holding(),
  });
  // Other nodes hear that sessions are held here through the job queue's LISTEN connection (PostgreSQL only).
  const runner = () => {
    const queue = jobs();
    return queue instanceof JobRunner ? queue : null;
  };
  const keeper: SessionKeeper = new SessionKeeper(registry, leases, {
    sweepMs: config.sessionLease.sweepMs,
    orphans: () => orphanedSessions(registry, db),
    log,
    peers: {
      listen: async (onHeard) => (await runner()?.listen(SESSIONS_HELD_CHANNEL, onHeard)) ?? false,
      announce: async () => runner()?.notify(SESSIONS_HELD_CHANNEL),
    },
  });
  return keeper;
}

/**
 * Sessions that should be running and that no live node holds: WhatsApp Web connections with a
 * stored login, not DISCONNECTED (someone stopped it, or the phone logged out), whose lease is
 * missing or expired. A session's lease is given back when it stops, so that covers a node that
 * shut down and one that died.
 */
async function orphanedSessions(registry: ProviderRegistry, db: Db): Promise<number[]> {
  const held = ['beta'].filter((p) => registry.isSessionProvider(p));
  if (held.length === 0) return [];
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.channel, 'whatsapp'),
        inArray(connections.provider, held),
        ne(connections.status, 'DISCONNECTED'),
        exists(sql`(select 1 from ${channelSessions} where ${channelSessions.connectionId} = ${connections.id})`),
        notExists(
          sql`(select 1 from ${channelLeases} where ${channelLeases.connectionId} = ${connections.id} and ${channelLeases.expiresAt} > now())`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

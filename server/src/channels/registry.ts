import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type ConnectionRow, connections } from '../db/schema';
import { AppError } from '../http/errors';
import type { SessionLeases } from './lease';
import { type ChannelProvider, type ChannelRegistry, type ChannelTraffic, type ProviderEvents, SessionElsewhere } from './types';

/**
 * The factory name a connection runs under: a WhatsApp connection's provider (`beta`, `simulator`),
 * else its channel (`whatsappapi`, `facebook`, `instagram`: one provider per Meta channel).
 */
export const providerKeyOf = (connection: Pick<ConnectionRow, 'channel' | 'provider'>) =>
  connection.channel === 'whatsapp' ? connection.provider : connection.channel;

/** Builds the provider of one connection; `events` is how it reports status, inbound and acks. */
export type ProviderFactory = (connection: ConnectionRow, events: ProviderEvents) => ChannelProvider;

/** What a node asks of the node holding a session: start it (if it is not running) or stop it. */
export type SessionCommand = 'start' | 'stop';

/**
 * How sessions are shared between nodes: the leases, and how a command reaches the holder (a job on
 * its own queue). Without it (tests of one node) every session runs here.
 */
export interface SessionSharing {
  leases: SessionLeases;
  tellHolder(holder: string, connectionId: number, command: SessionCommand): Promise<void>;
  /** Asks the holder's live session for a pairing code and waits for its answer. */
  pairingCodeFrom(holder: string, connectionId: number, phoneNumber: string): Promise<string>;
  /** This node took a session's lease (the keeper tells the other nodes; see SessionKeeper's peers). */
  onHolding?(): void;
}

/**
 * Holds the live provider of each connection started in this process. Providers register their
 * factory by name (`simulator`, `beta`, …); a connection whose provider has no factory here cannot
 * send (ERR_WAPP_NOT_INITIALIZED). A provider registered with `session` (WhatsApp Web: one socket per
 * phone) runs on one node only: this node starts it only under its lease (channels/lease.ts), and
 * asks for it elsewhere answer SessionElsewhere (sends) or are passed to the holder (start, stop).
 */
export class ProviderRegistry implements ChannelRegistry {
  private factories = new Map<string, ProviderFactory>();
  private sessionProviders = new Set<string>();
  private live = new Map<number, ChannelProvider>();
  /** Live sessions held under a lease (renewed by the keeper). */
  private leased = new Set<number>();
  /** Sessions being put down without telling anyone (a shutdown, a lost lease): their status reports are dropped. */
  private quiet = new Set<number>();
  private starting = new Map<number, Promise<void>>();
  private sharing: SessionSharing | null = null;
  private traffic: ChannelTraffic | null = null;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    /** Builds the event sink for a connection (the pipeline, the ack handler, status updates). */
    private eventsFor: (connection: ConnectionRow) => ProviderEvents,
  ) {}

  register(provider: string, factory: ProviderFactory, options: { session?: boolean } = {}) {
    this.factories.set(provider, factory);
    if (options.session) this.sessionProviders.add(provider);
  }

  /** Counts what the providers carry (the node's metrics); by provider key, for stored inbound and sent outbound messages. */
  observeTraffic(traffic: ChannelTraffic) {
    this.traffic = traffic;
  }

  /** Turns on session leases (the composition root does, for the product). */
  shareSessions(sharing: SessionSharing) {
    this.sharing = sharing;
  }

  /** Whether a connection of that provider runs under a lease (one node at a time). */
  isSessionProvider(provider: string): boolean {
    return this.sessionProviders.has(provider);
  }

  /** The connections whose sessions this node holds under a lease (the keeper renews them). */
  leasedSessions(): number[] {
    return [...this.leased];
  }

  supports(provider: string): boolean {
    return this.factories.has(provider);
  }

  /** The live provider here; SessionElsewhere when another node holds the connection's session. */
  async providerFor(connectionId: number): Promise<ChannelProvider> {
    const existing = this.live.get(connectionId);
    if (existing) return existing;
    await this.startHere(connectionId);
    return this.live.get(connectionId)!;
  }

  /** Starts the session here, or asks its holder to (a holder already running it does nothing). */
  async start(connectionId: number): Promise<void> {
    try {
      await this.startHere(connectionId);
    } catch (err) {
      if (!(err instanceof SessionElsewhere) || !this.sharing) throw err;
      await this.sharing.tellHolder(err.holder, connectionId, 'start');
    }
  }

  /** Starts a session here if no live node holds it (the keeper's sweep, start-up); false when another node won it. */
  async adopt(connectionId: number): Promise<boolean> {
    try {
      await this.startHere(connectionId);
      return true;
    } catch (err) {
      if (err instanceof SessionElsewhere) return false;
      throw err;
    }
  }

  private async startHere(connectionId: number): Promise<void> {
    const live = this.live.get(connectionId);
    if (live && live.running?.() !== false) return;
    // Concurrent callers (an inbound burst, several send jobs) share one start.
    let pending = this.starting.get(connectionId);
    if (!pending) {
      // A session that stopped by itself (gave up, logged out) is still registered here, under its
      // lease: "try again" starts the same provider again rather than leaving it down.
      const starting = live ? this.restart(connectionId, live) : this.startNow(connectionId);
      pending = starting.finally(() => this.starting.delete(connectionId));
      this.starting.set(connectionId, pending);
    }
    await pending;
  }

  private async startNow(connectionId: number): Promise<void> {
    const [connection] = await this.db.select().from(connections).where(eq(connections.id, connectionId));
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const key = providerKeyOf(connection);
    const factory = this.factories.get(key);
    if (!factory) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const leases = this.sessionProviders.has(key) ? this.sharing?.leases : undefined;
    if (leases && !(await leases.acquire(connectionId))) {
      const holder = await leases.holder(connectionId);
      // Expired between the two reads: nobody runs it yet; the next sweep (or a retry) takes it.
      throw holder ? new SessionElsewhere(holder) : new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    }
    this.quiet.delete(connectionId);
    const events = this.eventsFor(connection);
    const provider = this.counted(
      key,
      factory(connection, {
        ...events,
        onInbound: async (message) => {
          const result = await events.onInbound(message);
          if (result.status === 'stored') this.traffic?.inbound(key);
          return result;
        },
        onStatus: async (status, extra) => {
          if (!this.quiet.has(connectionId)) await events.onStatus(status, extra);
        },
      }),
    );
    this.live.set(connectionId, provider);
    if (leases) {
      this.leased.add(connectionId);
      this.sharing?.onHolding?.();
    }
    try {
      await provider.start();
    } catch (err) {
      this.live.delete(connectionId);
      this.leased.delete(connectionId);
      if (leases) await leases.release(connectionId).catch(() => {});
      this.log.error({ err, connectionId }, 'provider failed to start');
      throw err;
    }
  }

  /** Starts a live provider that stopped by itself again, keeping the lease this node holds. */
  private async restart(connectionId: number, provider: ChannelProvider): Promise<void> {
    const leases = this.leased.has(connectionId) ? this.sharing?.leases : undefined;
    if (leases && !(await leases.acquire(connectionId))) {
      // Lost meanwhile (the keeper puts it down): the holder is asked instead.
      await this.dropLost([connectionId]);
      const holder = await leases.holder(connectionId);
      throw holder ? new SessionElsewhere(holder) : new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    }
    this.log.info({ connectionId }, 'restarting a session that had stopped');
    await provider.start();
  }

  /** The provider with its successful sends counted (the same object: its other methods keep their `this`). */
  private counted(key: string, provider: ChannelProvider): ChannelProvider {
    const send = provider.send.bind(provider);
    provider.send = async (payload, options) => {
      const result = await send(payload, options);
      this.traffic?.outbound(key);
      return result;
    };
    return provider;
  }

  /** Stops the session (reported DISCONNECTED) and gives its lease back; one held by another node is stopped there. */
  async stop(connectionId: number): Promise<void> {
    const provider = this.live.get(connectionId);
    if (!provider) {
      const holder = await this.sharing?.leases.holder(connectionId);
      if (holder && holder !== this.sharing!.leases.nodeId) await this.sharing!.tellHolder(holder, connectionId, 'stop');
      return;
    }
    await this.putDown(connectionId, provider, false);
  }

  /** Stops a live provider here; `quietly` leaves the connection's status as it is (the session lives on elsewhere). */
  private async putDown(connectionId: number, provider: ChannelProvider, quietly: boolean): Promise<void> {
    if (this.live.get(connectionId) === provider) this.live.delete(connectionId);
    if (quietly) this.quiet.add(connectionId);
    try {
      await provider.stop();
    } finally {
      if (this.leased.delete(connectionId)) await this.sharing?.leases.release(connectionId);
    }
  }

  /**
   * Sessions whose lease this node no longer holds (another node took it, or renewing failed for
   * longer than a lease lasts): put down quietly at once, before two sockets speak for one phone.
   */
  async dropLost(connectionIds: number[]): Promise<void> {
    for (const id of connectionIds) {
      const provider = this.live.get(id);
      this.leased.delete(id); // not ours to release any more
      if (provider)
        await this.putDown(id, provider, true).catch((err) => this.log.error({ err, connectionId: id }, 'lost session did not stop'));
    }
  }

  /**
   * A pairing code for a connection whose provider offers one (WhatsApp Web); others cannot pair by code.
   * The code belongs to the live socket, so a session held by another node is asked there, unless
   * `here` (the holder answering such a request: it never passes it on again).
   */
  async requestPairingCode(connectionId: number, phoneNumber: string, options: { here?: boolean } = {}): Promise<string> {
    let provider: ChannelProvider;
    try {
      provider = await this.providerFor(connectionId);
    } catch (err) {
      if (!(err instanceof SessionElsewhere) || !this.sharing || options.here) throw err;
      return this.sharing.pairingCodeFrom(err.holder, connectionId, phoneNumber);
    }
    if (!provider.requestPairingCode) throw new AppError('ERR_PAIRING_CODE_UNSUPPORTED', 400);
    return provider.requestPairingCode(phoneNumber);
  }

  /**
   * This node is shutting down: every session stops without being reported down and its lease is
   * given back, so another node takes it on its next sweep instead of after the lease expires.
   */
  async stopAll(): Promise<void> {
    await Promise.all([...this.live].map(([id, provider]) => this.putDown(id, provider, true)));
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { SessionLeases } from './lease';
import type { ProviderRegistry } from './registry';

/** How often a node with nothing to watch sweeps (see SessionKeeper). */
export const IDLE_SWEEP_MS = 30_000;

/**
 * Keeps this node's session leases alive and takes over the sessions of nodes that died.
 * - Every third of the lease time it renews the leases of the sessions it runs; a lease it no longer
 *   holds (another node took it) is put down at once, and when renewing has failed for as long as a
 *   lease lasts (the database is away) every session is put down, since another node may take them.
 * - Every `sweepMs` it asks for sessions that should run but that no live node holds (`orphans`:
 *   a dead node's, or one given back at a shutdown) and starts them here; two nodes sweeping at
 *   once race through the lease, and one wins.
 * A dead node's sessions are therefore back within the lease time plus one sweep.
 * A node with nothing to watch (it runs no session, none is orphaned and no other node holds a lease)
 * sweeps every IDLE_SWEEP_MS instead (issue 34: an idle node's statements, two a sweep then): a session
 * first started on another node after such a sweep is watched from the next one, so were that node to
 * die before, its sessions would come back up to IDLE_SWEEP_MS later than the lease time plus one sweep.
 */
export class SessionKeeper {
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private lastRenewal = Date.now();
  private sweepMs = 0;
  private sweeps: { hurry(): void } | null = null;
  /** Whether the other nodes were told this node holds sessions (told again after it held none). */
  private announced = false;

  constructor(
    private readonly registry: ProviderRegistry,
    private readonly leases: SessionLeases,
    private readonly options: {
      sweepMs: number;
      /** Connections whose session should run and whose lease is missing or expired. */
      orphans(): Promise<number[]>;
      log: FastifyBaseLogger;
      /**
       * The other nodes (PostgreSQL): a node that starts holding sessions announces it, and a node
       * sweeping at the idle pace goes back to sweepMs at once when it hears that, so a session handed
       * over at a shutdown (or left by a dead node) is taken on the next sweep, not after IDLE_SWEEP_MS.
       */
      peers?: { listen(onHeard: () => void): Promise<boolean>; announce(): Promise<void> };
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.lastRenewal = Date.now();
    const renewMs = Math.max(250, Math.floor(this.leases.ttlMs / 3));
    this.every(
      () => renewMs,
      () => this.renew(),
    );
    this.sweepMs = this.options.sweepMs;
    this.sweeps = this.every(
      () => this.sweepMs,
      async () => {
        this.sweepMs = (await this.sweep()) ? this.options.sweepMs : Math.max(this.options.sweepMs, IDLE_SWEEP_MS);
      },
    );
    this.options.peers
      ?.listen(() => this.peerHoldsSessions())
      .catch((err) => this.options.log.warn({ err }, "not listening for other nodes' sessions; idle sweeps stay slow"));
  }

  /** Another node holds sessions now: sweep at the normal pace from now on (see options.peers). */
  private peerHoldsSessions(): void {
    if (this.sweepMs === this.options.sweepMs) return;
    this.sweepMs = this.options.sweepMs;
    this.sweeps?.hurry();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /**
   * Runs `work` every `ms()`, never two at once (the next run is scheduled when one ends). `hurry()`
   * schedules the next run `ms()` from now instead of when it was due (a run in progress schedules its own).
   */
  private every(ms: () => number, work: () => Promise<void>): { hurry(): void } {
    const slot = this.timers.length;
    let running = false;
    const tick = () => {
      this.timers[slot] = setTimeout(async () => {
        running = true;
        await work().catch((err) => this.options.log.error({ err }, 'session lease upkeep failed'));
        running = false;
        if (!this.stopped) tick();
      }, ms());
      this.timers[slot].unref();
    };
    tick();
    return {
      hurry: () => {
        if (running || this.stopped) return;
        clearTimeout(this.timers[slot]);
        tick();
      },
    };
  }

  /** This node took a session: the other nodes are told once, until it holds none again (renew notices that). */
  holding(): void {
    if (this.announced || !this.options.peers) return;
    this.announced = true;
    this.options.peers.announce().catch((err) => this.options.log.warn({ err }, 'other nodes not told of the sessions here'));
  }

  async renew(): Promise<void> {
    const mine = this.registry.leasedSessions();
    if (mine.length === 0) this.announced = false;
    let kept: Set<number>;
    try {
      kept = await this.leases.renew(mine);
    } catch (err) {
      if (Date.now() - this.lastRenewal < this.leases.ttlMs) throw err;
      this.options.log.error({ err, sessions: mine.length }, 'session leases could not be renewed in time; sessions put down');
      await this.registry.dropLost(mine);
      return;
    }
    this.lastRenewal = Date.now();
    const lost = mine.filter((id) => !kept.has(id) && this.registry.leasedSessions().includes(id));
    if (lost.length > 0) {
      this.options.log.warn({ lost }, 'another node holds these sessions now; put down here');
      await this.registry.dropLost(lost);
    }
  }

  /** Takes orphaned sessions; resolves whether there is anything to watch (see IDLE_SWEEP_MS). */
  async sweep(): Promise<boolean> {
    const orphans = await this.options.orphans();
    for (const connectionId of orphans) {
      if (this.stopped) return true;
      const taken = await this.registry.adopt(connectionId).catch((err) => {
        this.options.log.error({ err, connectionId }, 'orphaned session did not start here');
        return false;
      });
      if (taken) this.options.log.info({ connectionId, node: this.leases.nodeId }, 'took over a session no live node held');
    }
    if (orphans.length > 0 || this.registry.leasedSessions().length > 0) return true;
    return this.leases.othersHold();
  }
}

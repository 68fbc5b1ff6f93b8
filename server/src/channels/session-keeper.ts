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

  constructor(
    private readonly registry: ProviderRegistry,
    private readonly leases: SessionLeases,
    private readonly options: {
      sweepMs: number;
      /** Connections whose session should run and whose lease is missing or expired. */
      orphans(): Promise<number[]>;
      log: FastifyBaseLogger;
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
    let sweepMs = this.options.sweepMs;
    this.every(
      () => sweepMs,
      async () => {
        sweepMs = (await this.sweep()) ? this.options.sweepMs : Math.max(this.options.sweepMs, IDLE_SWEEP_MS);
      },
    );
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** Runs `work` every `ms()`, never two at once (the next run is scheduled when one ends). */
  private every(ms: () => number, work: () => Promise<void>): void {
    const slot = this.timers.length;
    const tick = () => {
      this.timers[slot] = setTimeout(async () => {
        await work().catch((err) => this.options.log.error({ err }, 'session lease upkeep failed'));
        if (!this.stopped) tick();
      }, ms());
      this.timers[slot].unref();
    };
    tick();
  }

  async renew(): Promise<void> {
    const mine = this.registry.leasedSessions();
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

import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { channelLeases } from '../db/schema';

/** The database's now plus some milliseconds: every node compares against one clock, PostgreSQL's. */
const nowPlus = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * The session leases of one node. A connection's live session (WhatsApp Web) is run by exactly one
 * node: the one whose lease on it has not expired. Taking a lease is one atomic statement (free,
 * expired or already ours), so two nodes racing for a session cannot both win; the holder renews its
 * leases well before they expire and gives them back when it stops a session or shuts down. Times
 * are PostgreSQL's (`now()`), so nodes' clocks need not agree.
 */
export class SessionLeases {
  constructor(
    private readonly db: Db,
    readonly nodeId: string,
    readonly ttlMs: number,
  ) {}

  /** Takes the lease when no live node holds it (or this one does); resolves whether this node holds it now. */
  async acquire(connectionId: number): Promise<boolean> {
    const taken = await this.db
      .insert(channelLeases)
      .values({ connectionId, owner: this.nodeId, expiresAt: nowPlus(this.ttlMs), acquiredAt: sql`now()` })
      .onConflictDoUpdate({
        target: channelLeases.connectionId,
        set: {
          owner: this.nodeId,
          expiresAt: nowPlus(this.ttlMs),
          // A renewal keeps the time it was first taken; a takeover starts a new one.
          acquiredAt: sql`case when ${channelLeases.owner} = ${this.nodeId} then ${channelLeases.acquiredAt} else now() end`,
        },
        setWhere: sql`${channelLeases.expiresAt} < now() or ${channelLeases.owner} = ${this.nodeId}`,
      })
      .returning({ owner: channelLeases.owner });
    return taken.length === 1;
  }

  /** Extends this node's leases on these connections; resolves the ones it still holds (a lost one is not among them). */
  async renew(connectionIds: number[]): Promise<Set<number>> {
    if (connectionIds.length === 0) return new Set();
    const rows = await this.db
      .update(channelLeases)
      .set({ expiresAt: nowPlus(this.ttlMs) })
      .where(and(eq(channelLeases.owner, this.nodeId), inArray(channelLeases.connectionId, connectionIds)))
      .returning({ connectionId: channelLeases.connectionId });
    return new Set(rows.map((r) => r.connectionId));
  }

  /** Gives the lease back (a stopped session, a clean shutdown): another node may take it at once. */
  async release(connectionId: number): Promise<void> {
    await this.db.delete(channelLeases).where(and(eq(channelLeases.connectionId, connectionId), eq(channelLeases.owner, this.nodeId)));
  }

  /** Whether another node holds a live lease (should it die, its sessions are to be taken over). */
  async othersHold(): Promise<boolean> {
    const rows = await this.db
      .select({ connectionId: channelLeases.connectionId })
      .from(channelLeases)
      .where(and(ne(channelLeases.owner, this.nodeId), gt(channelLeases.expiresAt, sql`now()`)))
      .limit(1);
    return rows.length > 0;
  }

  /** The node holding a live lease on the connection, or null when none does. */
  async holder(connectionId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ owner: channelLeases.owner })
      .from(channelLeases)
      .where(and(eq(channelLeases.connectionId, connectionId), gt(channelLeases.expiresAt, sql`now()`)));
    return row?.owner ?? null;
  }
}

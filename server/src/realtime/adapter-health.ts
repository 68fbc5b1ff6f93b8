import type { Server } from 'socket.io';

/**
 * Whether this node's realtime adapter can relay events to the other nodes, for `/health/ready`.
 * - The in-memory adapter (one node, PGlite) relays nothing and needs nothing: always ready.
 * - The PostgreSQL adapter (@socket.io/postgres-adapter 0.5, pinned) keeps its LISTEN connection in
 *   its pub/sub client's `client` field, unset from the moment PostgreSQL drops it until the adapter
 *   listens again (cluster.ts): not ready meanwhile, since events from other nodes would be lost.
 * An adapter of another shape answers its own `isReady()` when it has one, else counts as ready.
 */
export function realtimeAdapterReady(io: Server): boolean {
  const adapter = io.of('/').adapter as unknown as { isReady?: () => boolean; client?: { client?: unknown } };
  if (typeof adapter.isReady === 'function') return adapter.isReady();
  if (adapter.client && 'pool' in (adapter.client as object)) return Boolean(adapter.client.client);
  return true;
}

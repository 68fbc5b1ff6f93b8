import type pg from 'pg';

/** The statement @socket.io/postgres-adapter (0.5.0, pinned) sends for every event it publishes. */
export const ADAPTER_NOTIFY_SQL = 'SELECT pg_notify($1, $2)';

/**
 * One batch, in its own transaction, which commits without waiting for its WAL to reach the disk
 * (synchronous_commit off for this transaction only, set_config's `true`): a notification is not
 * data, a crash loses nothing with it, and the flush wait of every batch queued on PostgreSQL's WAL
 * lock behind the inbound messages' own commits (bench/results/channels.md).
 */
const NOTIFY_BATCH_SQL = `select pg_notify(t.c, t.p) from unnest($1::text[], $2::text[]) as t(c, p)
  where (select set_config('synchronous_commit', 'off', true)) is not null`;

/** Fewer than PostgreSQL's 8000-byte payload cap times this stays well inside one protocol message. */
const MAX_BATCH = 64;

interface Pending {
  channel: string;
  payload: string;
  done: () => void;
  fail: (err: unknown) => void;
}

/**
 * Sends NOTIFYs in batches: every notification queued while the previous batch is on its way goes
 * in the next one, as one statement in one transaction. One commit then carries many events instead
 * of one each (a NOTIFY's commit serializes on PostgreSQL's notification queue lock and wakes every
 * listener, so per-event commits capped the inbound rate while the CPUs idled). One batch at a time
 * keeps the events in the order they were published, on every node. A quiet moment costs nothing
 * extra: a lone event leaves at once, alone.
 *
 * PostgreSQL folds identical notifications (same channel and payload) within one transaction into
 * one, so a repeat of a queued notification starts the next batch instead.
 */
export function notifyBatcher(pool: pg.Pool) {
  let queue: Pending[] = [];
  let flushing = false;

  function takeBatch(): Pending[] {
    const seen = new Set<string>();
    let end = 0;
    while (end < queue.length && end < MAX_BATCH) {
      const key = `${queue[end].channel}\u0000${queue[end].payload}`;
      if (seen.has(key)) break;
      seen.add(key);
      end++;
    }
    const batch = queue.slice(0, end);
    queue = queue.slice(end);
    return batch;
  }

  async function flush() {
    flushing = true;
    while (queue.length > 0) {
      const batch = takeBatch();
      try {
        // unnest yields the rows in array order, so the notifications are queued in publish order.
        await pool.query(NOTIFY_BATCH_SQL, [batch.map((n) => n.channel), batch.map((n) => n.payload)]);
        for (const n of batch) n.done();
      } catch (err) {
        for (const n of batch) n.fail(err);
      }
    }
    flushing = false;
  }

  return {
    notify(channel: string, payload: string): Promise<void> {
      return new Promise((done, fail) => {
        queue.push({ channel, payload, done, fail });
        if (!flushing) void flush();
      });
    },
  };
}

/**
 * The pool as the Socket.IO adapter sees it: its event NOTIFYs go through the batcher, everything
 * else (LISTEN connection, attachments of large events, clean-up) to the pool itself. Should an
 * adapter upgrade change its statement, its NOTIFYs simply go to the pool unbatched again.
 */
export function batchingPool(pool: pg.Pool): pg.Pool {
  const batcher = notifyBatcher(pool);
  const query = (text: unknown, values?: unknown) => {
    if (text === ADAPTER_NOTIFY_SQL && Array.isArray(values) && values.length === 2) {
      return batcher.notify(String(values[0]), String(values[1])).then(() => ({ rows: [], rowCount: 0 }));
    }
    return (pool.query as (t: unknown, v?: unknown) => Promise<unknown>).call(pool, text, values);
  };
  // The adapter uses connect (its LISTEN connection) and query, nothing else. When PostgreSQL ends the
  // LISTEN connection the adapter takes a new one but never releases the dead one, which the pool would
  // then wait for forever at shutdown: release it, as broken, when it ends (a normal close removes this
  // listener before its own release).
  const connect = async () => {
    const client = await pool.connect();
    client.once('end', () => client.release(new Error('LISTEN connection ended')));
    return client;
  };
  return { connect, query } as unknown as pg.Pool;
}

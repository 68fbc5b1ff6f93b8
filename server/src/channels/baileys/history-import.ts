import type { ConnectionRow } from '../../db/schema';
import type { ImportProgress } from '../types';

/** Progress events per import: about one per percent, so a large import does not flood the company's sockets. */
const STEPS = 100;

/** The days of old messages to bring in (both ends included), and whether group chats count. */
export interface ImportRange {
  from: Date;
  to: Date;
  groups: boolean;
}

/** The range's last day counts whole: the form sends a date, stored as its midnight. */
const endOfDay = (day: Date) => new Date(day.getTime() + 24 * 60 * 60_000 - 1);

/** The connection's import range (its end is today when not set); null when it asks for no import. */
export function importRangeOf(connection: ConnectionRow): ImportRange | null {
  if (!connection.importOldMessages) return null;
  return {
    from: connection.importOldMessages,
    to: endOfDay(connection.importRecentMessages ?? new Date()),
    groups: connection.importOldMessagesGroups,
  };
}

/**
 * One connection's import of old messages as the company sees it (spec 2 §4): 'preparing' when the
 * first old messages arrive, then how many of those received so far are stored (the phone sends its
 * history in chunks, so the total grows as chunks arrive), then 'finished' when the phone says its
 * history is complete. The import runs once: after it finished, its range takes nothing more (the
 * connections feature also clears the range stored on the connection).
 */
export class HistoryImport {
  private active = false;
  private done = 0;
  private total = 0;

  constructor(
    private range: ImportRange | null,
    private readonly report: (progress: ImportProgress) => Promise<void>,
  ) {}

  /** The range old messages are taken from; null when there is none or its import is over. */
  get wanted(): ImportRange | null {
    return this.range;
  }

  /** A history chunk brought `count` old messages to import. */
  async arrived(count: number): Promise<void> {
    if (count === 0 || !this.range) return;
    if (!this.active) {
      this.active = true;
      await this.report({ stage: 'preparing' });
    }
    this.total += count;
  }

  /** One old message was stored (or was already there); `at` is when it was sent. */
  async stored(at: Date): Promise<void> {
    this.done++;
    const step = Math.max(1, Math.floor(this.total / STEPS));
    if (this.done % step === 0 || this.done === this.total)
      await this.report({ stage: 'importing', done: this.done, total: this.total, at });
  }

  /** The phone's history is complete: an import under way ends, and its range takes nothing more. */
  async finished(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    this.range = null;
    await this.report({ stage: 'finished' });
  }
}

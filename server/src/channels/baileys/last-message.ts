import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelSessions } from '../../db/schema';

/** How often the newest message time is written (a crash loses at most this much, the margin covers it). */
const WRITE_EVERY_MS = 60_000;

/**
 * The time of the newest message a session has seen (channel_sessions.last_message_at): what the
 * phone's history delivers after it counts as missed while away, older as an import. Read once per
 * login, written at most once a minute and when the session stops.
 */
export class LastMessageClock {
  at: Date | null = null;
  private loaded = false;
  private lastWrite = 0;

  constructor(
    private readonly db: Db,
    private readonly connectionId: number,
  ) {}

  async load(): Promise<void> {
    if (this.loaded) return;
    const [row] = await this.db
      .select({ at: channelSessions.lastMessageAt })
      .from(channelSessions)
      .where(eq(channelSessions.connectionId, this.connectionId));
    this.at = row?.at ?? null;
    this.loaded = true;
  }

  /** The login was forgotten: the next one starts from nothing. */
  reset(): void {
    this.at = null;
    this.loaded = false;
  }

  seen(at: Date | null): void {
    if (at && (!this.at || at > this.at)) this.at = at;
  }

  async write(force: boolean): Promise<void> {
    if (!this.at || (!force && Date.now() - this.lastWrite < WRITE_EVERY_MS)) return;
    this.lastWrite = Date.now();
    await this.db.update(channelSessions).set({ lastMessageAt: this.at }).where(eq(channelSessions.connectionId, this.connectionId));
  }
}

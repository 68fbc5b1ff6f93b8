import { LRUCache } from 'lru-cache';

interface Window {
  failures: number;
  endsAt: number;
}

/**
 * The login limit counts failed tries, not logins: a user who logs in often is never locked out, while
 * wrong passwords are bounded per key (an address with an e-mail, or the e-mail alone) within a window
 * that starts at the first failure. Kept in this node's memory, as the other rate limits are.
 */
export class LoginFailures {
  private windows = new LRUCache<string, Window>({ max: 100_000 });

  constructor(private readonly windowMs: number) {}

  /** Seconds until `key` may try again when it has failed `max` times in its window, else null. */
  retryAfter(key: string, max: number, now = Date.now()): number | null {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now || window.failures < max) return null;
    return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) this.windows.set(key, { failures: 1, endsAt: now + this.windowMs });
    else window.failures += 1;
  }
}

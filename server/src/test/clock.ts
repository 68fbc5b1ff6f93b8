import type { Clock } from '../clock';

/** A clock a test sets: real time until `set`, that instant (moved by `advanceMinutes`) after, real again on `reset`. */
export class TestClock implements Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  set(at: Date | string): void {
    this.fixed = new Date(at);
  }

  advanceMinutes(minutes: number): void {
    this.fixed = new Date(this.now().getTime() + minutes * 60_000);
  }

  reset(): void {
    this.fixed = null;
  }
}

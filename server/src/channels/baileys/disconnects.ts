import type { DownReason } from '@chatflow/contract';
import { DisconnectReason } from 'baileys';

/**
 * What a closed socket means (Baileys' DisconnectReason, the status code of the Boom error it closes with):
 * - logged-out: the phone removed this device (401), or the login is unusable (500 bad session, 411
 *   multi-device mismatch), or WhatsApp refuses the number (403): forget it, a new QR is needed;
 * - give-up: stop without forgetting (440: another client took the session over; 408 before pairing:
 *   a QR nobody scanned expired);
 * - restart: WhatsApp asks for a new socket at once (515, right after pairing and now and then later);
 * - retry: a dropped connection (428 closed, 408 lost or timed out, 503 unavailable, no code at
 *   all): try again by itself, with backoff and jitter, until it is back or someone stops it.
 */
export type Stop = 'logged-out' | 'give-up' | 'restart' | 'retry';

/** The status code Baileys closes with (a Boom error's statusCode), null when there is none. */
export function reasonOf(error: unknown): number | null {
  const code = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : null;
}

export function stopFor(reason: number | null, registered: boolean): Stop {
  switch (reason) {
    case DisconnectReason.loggedOut:
    case DisconnectReason.badSession:
    case DisconnectReason.multideviceMismatch:
    case DisconnectReason.forbidden:
      return 'logged-out';
    case DisconnectReason.connectionReplaced:
      return 'give-up';
    case DisconnectReason.restartRequired:
      return 'restart';
    default:
      // Baileys ends a login whose QR codes all expired with timedOut: the user asks for a new one.
      return registered ? 'retry' : 'give-up';
  }
}

/** What the connection card tells the people of the company (contract DOWN_REASONS). */
export function downReasonFor(reason: number | null, registered: boolean): DownReason {
  switch (reason) {
    case DisconnectReason.forbidden:
      return 'banned';
    case DisconnectReason.connectionReplaced:
      return 'replaced';
    case DisconnectReason.loggedOut:
    case DisconnectReason.badSession:
    case DisconnectReason.multideviceMismatch:
      return 'logged-out';
    default:
      return registered ? 'connection-lost' : 'qr-expired';
  }
}

const BASE_MS = 2_000;
const MAX_MS = 5 * 60_000;

/**
 * The wait before reconnection attempt `attempt` (0 first): 2 s, 4 s, 8 s, … up to 5 minutes, each
 * spread by ±25% (`random` in [0, 1)), so the sessions of a node that lost its network do not all
 * knock again at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_MS * 2 ** Math.min(attempt, 20), MAX_MS);
  return Math.round(base * (0.75 + random() / 2));
}

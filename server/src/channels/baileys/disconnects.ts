import { DisconnectReason } from 'baileys';

/**
 * What a closed socket means:
 * - logged-out: the phone removed this device, or the login is unusable; forget it (a new QR is needed);
 * - give-up: stop without forgetting (another client took the session over, or a QR nobody scanned expired);
 * - restart: WhatsApp asks for a new socket at once (right after pairing);
 * - retry: a dropped connection; try again with backoff.
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

const BASE_MS = 2_000;
const MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s, … up to 5 minutes between attempts. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(BASE_MS * 2 ** attempt, MAX_MS);
}

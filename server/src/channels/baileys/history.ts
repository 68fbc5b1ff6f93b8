import type { WAMessage } from 'baileys';
import type { HistoryImport, ImportRange } from './history-import';
import { type InboundContext, ingestMessage, timestampOf } from './inbound';

/** History overlaps what was seen by this much: the newest-message time is written at most once a minute. */
const OVERLAP_MS = 5 * 60_000;

/**
 * Which of the phone's history deliveries (messaging-history.set) become messages: those newer
 * than what the session last saw (they arrived while the server or the phone was away) and those in
 * the connection's import range, groups only when the import asks for them. A brand-new login with
 * no import range takes none: the inbox starts with the messages that arrive from then on.
 */
export function wantedFromHistory(msg: WAMessage, range: ImportRange | null, lastMessageAt: Date | null): boolean {
  const at = timestampOf(msg);
  if (!at) return false;
  if (missedWhileAway(at, lastMessageAt)) return true;
  if (!range) return false;
  const isGroup = msg.key.remoteJid?.endsWith('@g.us') ?? false;
  if (isGroup && !range.groups) return false;
  return at >= range.from && at <= range.to;
}

/** Newer than what the session last saw: a message that arrived while the server or the phone was away. */
const missedWhileAway = (at: Date, lastMessageAt: Date | null) =>
  lastMessageAt !== null && at.getTime() >= lastMessageAt.getTime() - OVERLAP_MS;

/**
 * Ingests the wanted history messages oldest first (the pipeline drops those it already has); answers the newest time.
 * A message missed while away is answered like a live one; an imported old one is only stored (no bot replies to it)
 * and counted by the import, whose progress the company sees live.
 */
export async function ingestHistory(
  ctx: InboundContext,
  messages: WAMessage[],
  historyImport: HistoryImport,
  lastMessageAt: Date | null,
): Promise<Date | null> {
  const wanted = messages.filter((m) => wantedFromHistory(m, historyImport.wanted, lastMessageAt));
  wanted.sort((a, b) => (timestampOf(a)?.getTime() ?? 0) - (timestampOf(b)?.getTime() ?? 0));
  const old = (msg: WAMessage) => !missedWhileAway(timestampOf(msg) as Date, lastMessageAt);
  await historyImport.arrived(wanted.filter(old).length);
  for (const msg of wanted) {
    const historical = old(msg);
    await ingestMessage(ctx, msg, { historical });
    if (historical) await historyImport.stored(timestampOf(msg) as Date);
  }
  return wanted.length ? timestampOf(wanted[wanted.length - 1]) : null;
}

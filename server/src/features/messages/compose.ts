import type { DbOrTx } from '../../db/client';
import type { TicketRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { getCompanySetting } from '../settings';
import { fillMessageVariables } from './variables';

/** Statuses whose conversation accepts typing (spec 1 §2.6: the input is disabled otherwise). */
const WRITABLE_STATUSES: readonly string[] = ['open', 'group'];

export function assertWritable(ticket: TicketRow) {
  if (!WRITABLE_STATUSES.includes(ticket.status)) throw new AppError('ERR_NO_PERMISSION', 403, { reason: 'ticketNotOpen' });
}

/** Spec 1 §9: private messages carry the sender's name and " - Mensagem Privada". */
export const privatePrefix = (userName: string) => `*${userName} - Mensagem Privada*\n`;
/** The signature an agent may add to what the customer reads: the name in bold on its own line. */
export const signaturePrefix = (userName: string) => `*${userName}:*\n`;

/** Whether the company lets agents sign messages (setting sendSignMessage). */
export async function signingEnabled(db: DbOrTx, companyId: number): Promise<boolean> {
  return (await getCompanySetting(db, companyId, 'sendSignMessage')) === 'enabled';
}

/**
 * Builds what is stored and sent from what the agent typed: message variables replaced, then the
 * private mark or, when asked for and allowed, the signature.
 */
export async function composeText(
  db: DbOrTx,
  ticket: TicketRow,
  user: { name: string },
  text: string,
  options: { isPrivate: boolean; signMessage: boolean; sign?: boolean },
): Promise<string> {
  const trimmed = text.trim();
  // A private file without a caption still says who noted it.
  if (!trimmed) return options.isPrivate ? privatePrefix(user.name).trimEnd() : '';
  const withValues = await fillMessageVariables(db, ticket, user.name, trimmed);
  if (options.isPrivate) return privatePrefix(user.name) + withValues;
  const sign = options.sign ?? (options.signMessage && (await signingEnabled(db, ticket.companyId)));
  return sign ? signaturePrefix(user.name) + withValues : withValues;
}

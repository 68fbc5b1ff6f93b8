import { walletUsersOf } from '../contacts';
import { leaveBot } from './leave-bot';
import { logTicket, moveTicket, settingOn, type Turn } from './turn';

/**
 * DirectTicketsToWallets: a new ticket of a contact whose wallet has agents goes straight to the
 * first of them, open, with no menu (the bot serves only tickets no agent holds). Answers whether it did.
 */
export async function directToWallet(turn: Turn): Promise<boolean> {
  const { ticket } = turn;
  if (!settingOn(turn, 'DirectTicketsToWallets') || ticket.isGroup || ticket.status !== 'pending' || ticket.userId !== null) return false;
  const [owner] = await walletUsersOf(turn.tx, ticket.companyId, turn.contact.id);
  if (!owner) return false;
  moveTicket(turn, { userId: owner.id, status: 'open' });
  logTicket(turn, { type: 'open', userId: owner.id });
  await leaveBot(turn);
  return true;
}

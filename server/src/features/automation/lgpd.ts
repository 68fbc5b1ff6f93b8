import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { closeByBot } from './land-in-queue';
import { say } from './say';
import { texts } from './texts';
import { settingOn, type Turn } from './turn';

/** The company's privacy notice: lgpdMessage and, when set, lgpdLink on its own line. */
const notice = (turn: Turn) =>
  [turn.settings.lgpdMessage ?? '', turn.settings.lgpdLink ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n\n');

async function accept(turn: Turn): Promise<void> {
  await turn.tx.update(contacts).set({ lgpdAcceptedAt: turn.now }).where(eq(contacts.id, turn.contact.id));
  turn.contact.lgpdAcceptedAt = turn.now;
  turn.state.stage = 'queue';
}

/**
 * LGPD (enableLGPD), before any menu, for a contact who has not accepted yet: the notice goes
 * first. With lgpdConsent the customer must answer 1 (accept: recorded on the contact, and the menu
 * follows at once) or 2 (refuse: told so, and the ticket is closed); anything else asks again.
 * Without lgpdConsent the notice is informative: sent once, recorded as accepted. Answers whether
 * the turn is over (the customer still owes an answer, or refused).
 */
export async function lgpdTurn(turn: Turn, text: string): Promise<boolean> {
  if (!settingOn(turn, 'enableLGPD') || turn.contact.lgpdAcceptedAt) return false;
  const consent = settingOn(turn, 'lgpdConsent');
  if (turn.state.stage !== 'lgpd') {
    await say(turn, consent ? `${notice(turn)}\n\n${texts.lgpdConsent}` : notice(turn));
    if (!consent) {
      await accept(turn);
      return false;
    }
    turn.state.stage = 'lgpd';
    return true;
  }
  const answer = text.trim();
  if (answer === '1') {
    await accept(turn);
    return false;
  }
  if (answer === '2') {
    await say(turn, texts.lgpdRefused);
    await closeByBot(turn);
    return true;
  }
  await say(turn, texts.lgpdConsent);
  return true;
}

import type { MessageRow } from '../../db/schema';
import { settingOn, type Turn } from './turn';

// Who answers a customer message: rules of the turn (run-inbound.ts) that the quiet-turn check shares (quiet-turn.ts).

/**
 * Whether the chatbot speaks on this ticket: a person's ticket waiting with no agent, whose contact
 * has the bot on (disableBot), and which the bot has not finished with.
 */
export const botServes = (turn: Turn) =>
  turn.ticket.status === 'pending' &&
  turn.ticket.userId === null &&
  !turn.ticket.isGroup &&
  !turn.contact.disableBot &&
  turn.state.stage !== 'done';

/**
 * A voice message the company does not take (acceptAudioMessageContact off, or the contact's own
 * acceptAudioMessage off): the customer is asked to write instead, whoever serves the ticket.
 */
export const refuseAudio = (turn: Turn, message: MessageRow) =>
  message.mediaType === 'audio' &&
  !turn.ticket.isGroup &&
  (!settingOn(turn, 'acceptAudioMessageContact') || !turn.contact.acceptAudioMessage);

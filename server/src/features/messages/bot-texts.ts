import type { TicketRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { createOutboundMessage, type OutboundContext } from './service';
import { fillMessageVariables } from './variables';

/** What a bot message carries in dataJson: the inbox can tell the chatbot's words from an agent's. */
export const BOT_MESSAGE_MARK = { bot: true } as const;

export interface BotFile {
  mediaType: string;
  mediaUrl: string;
  mediaName: string;
}

/**
 * A message of the automation engine (menu, greeting, out-of-hours answer, rating request...) in the
 * caller's transaction: no agent (userId null), message variables filled in, marked as the bot's, and
 * sent through the same outbound path as an agent's reply (its send job commits with it).
 */
export async function sendBotMessage(tx: HookedTx, ctx: OutboundContext, ticket: TicketRow, text: string, file?: BotFile) {
  const body = await fillMessageVariables(tx, ticket, '', text);
  return createOutboundMessage(tx, ctx, { ticket, body, userId: null, dataJson: BOT_MESSAGE_MARK, ...(file ?? {}) });
}

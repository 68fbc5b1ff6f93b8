import { z } from 'zod';

export const SimulatorInboundResult = z.object({
  /** The message's external id (the one sent, or the generated one). */
  id: z.string(),
  ticketId: z.number().optional(),
  messageId: z.number().optional(),
  /** The id was already stored: nothing new was written. */
  duplicate: z.boolean().optional(),
  /** Dropped: the contact is blocked. */
  ignored: z.boolean().optional(),
});
export type SimulatorInboundResult = z.infer<typeof SimulatorInboundResult>;

/** One message of the conversation as the customer's phone shows it. */
export const SimulatorMessageView = z.object({
  /** External id. */
  id: z.string(),
  /** true: the customer sent it; false: the company's reply the customer received. */
  fromCustomer: z.boolean(),
  /** text, image, audio, video, document, location, contact, interactive */
  type: z.string(),
  body: z.string(),
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  ack: z.number(),
  isEdited: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
export type SimulatorMessageView = z.infer<typeof SimulatorMessageView>;

export const SimulatorConversation = z.object({ number: z.string(), messages: z.array(SimulatorMessageView) });
export type SimulatorConversation = z.infer<typeof SimulatorConversation>;

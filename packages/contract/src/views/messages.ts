import { z } from 'zod';

const nullableId = z.number().nullable();

export const MessageView = z.object({
  id: z.number(),
  ticketId: z.number(),
  companyId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  ack: z.number(),
  isPrivate: z.boolean(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  /** An outbound message the network refused for good: the ERR_* code why (it is not tried again). */
  sendError: z.string().nullable().optional(),
  queueId: nullableId,
  userId: nullableId,
  participant: z.string().nullable(),
  /** Structured content of some kinds (ListMessageData, InteractiveMessageData, PixMessageData, …). */
  dataJson: z.unknown(),
  contact: z.object({ id: z.number(), name: z.string(), urlPicture: z.string() }).nullable(),
  quotedMsg: z
    .object({
      id: z.number(),
      body: z.string(),
      fromMe: z.boolean(),
      mediaType: z.string(),
      mediaUrl: z.string().nullable(),
      contact: z.object({ name: z.string() }).nullable(),
    })
    .nullable(),
  ticket: z.object({ id: z.number(), uuid: z.string(), queueId: nullableId, userId: nullableId, whatsappId: nullableId }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageView = z.infer<typeof MessageView>;

export const MessagePage = z.object({ messages: z.array(MessageView), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof MessagePage>;

/** Answers of POST /messages/:ticketId: JSON gives the message; multipart gives one message per file. */
export const SendMediaResult = z.object({ messages: z.array(MessageView) });
export type SendMediaResult = z.infer<typeof SendMediaResult>;

/** Answer of POST /message/forward: the ticket that receives the messages (sent one by one by a job). */
export const ForwardResult = z.object({ ticketId: z.number(), uuid: z.string(), count: z.number() });
export type ForwardResult = z.infer<typeof ForwardResult>;

/** GET /messages/transcribeAudio/{file}. */
export const TranscriptionView = z.object({ transcribedText: z.string() });

/** GET /messages-allMe: the company's message count for the dashboard. */
export const MessageCountView = z.object({ count: z.number() });

import { z } from 'zod';
import { QUEUE_INTEGRATION_LANGUAGES, QUEUE_INTEGRATION_TYPES } from '../integrations';

/**
 * A queue integration as screens (and the company's sockets) see it: never a secret. The Dialogflow key is
 * write-only (`hasJsonContent`); the signing secret leaves only once, when it is made (QueueIntegrationSecretView).
 */
export const QueueIntegrationView = z.object({
  id: z.number(),
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string(),
  hasJsonContent: z.boolean(),
  language: z.enum(QUEUE_INTEGRATION_LANGUAGES),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotDelayMessage: z.number(),
  typebotExpires: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotRestartMessage: z.string(),
  typebotUnknownMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegrationView = z.infer<typeof QueueIntegrationView>;

export const QueueIntegrationPage = z.object({
  queueIntegrations: z.array(QueueIntegrationView),
  count: z.number(),
  hasMore: z.boolean(),
});
export type QueueIntegrationPage = z.infer<typeof QueueIntegrationPage>;

export const QueueIntegrationList = z.object({ queueIntegrations: z.array(QueueIntegrationView) });

/** POST /queueIntegration/testSession: what Dialogflow answered to a greeting. */
export const QueueIntegrationTestResult = z.object({ intent: z.string(), fulfillmentText: z.string() });

/** POST /queueIntegration/{id}/signingSecret: a new HMAC-SHA256 key of the deliveries' signature, shown this once. */
export const QueueIntegrationSecretView = z.object({ signingSecret: z.string() });
export type QueueIntegrationSecretView = z.infer<typeof QueueIntegrationSecretView>;

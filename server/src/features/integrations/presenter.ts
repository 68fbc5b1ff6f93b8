import type { QueueIntegrationView } from '@chatflow/contract';
import type { QueueIntegrationRow } from '../../db/schema';

/** Whitelist of an integration: secrets only as flags (the Dialogflow key), or not at all (the signing secret). */
export const presentQueueIntegration = (r: QueueIntegrationRow): QueueIntegrationView => ({
  id: r.id,
  type: r.type,
  name: r.name,
  projectName: r.projectName,
  hasJsonContent: r.jsonContent !== '',
  language: r.language,
  urlN8N: r.urlN8N,
  typebotSlug: r.typebotSlug,
  typebotDelayMessage: r.typebotDelayMessage,
  typebotExpires: r.typebotExpires,
  typebotKeywordFinish: r.typebotKeywordFinish,
  typebotKeywordRestart: r.typebotKeywordRestart,
  typebotRestartMessage: r.typebotRestartMessage,
  typebotUnknownMessage: r.typebotUnknownMessage,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

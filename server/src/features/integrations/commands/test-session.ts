import { randomUUID } from 'node:crypto';
import { ZodError } from 'zod';
import type { QueueIntegrationTestSession } from '@chatflow/contract';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { outboundPolicyOf } from '../../../http/outbound/policy';
import { detectIntent } from '../dialogflow/detect-intent';
import { findIntegration } from '../queries';

/** What the test session says to the agent: a greeting in the chosen language. */
const GREETING: Record<string, string> = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' };

/**
 * POST /queueIntegration/testSession: a real detectIntent call with the dialog's project and key, in
 * a throw-away session. Without a key, the stored key of integration `id` (of the caller's company: the
 * dialog edits it and never has its key). Whatever goes wrong (key, project, network) is ERR_INTEGRATION_TEST_FAILED.
 */
export async function testDialogflowSession(ctx: RequestContext, input: QueueIntegrationTestSession) {
  const jsonContent =
    input.jsonContent || (input.id === undefined ? '' : (await findIntegration(ctx.db, ctx.companyId, input.id)).jsonContent);
  if (!jsonContent) throw new ZodError([{ code: 'custom', path: ['jsonContent'], message: 'validation.required', input: '' }]);
  try {
    const detected = await detectIntent(
      ctx.config.integrations.dialogflowApiUrl,
      { ...input, jsonContent },
      `test-${randomUUID()}`,
      GREETING[input.language] ?? 'Olá',
      outboundPolicyOf(ctx.config),
    );
    return { intent: detected.intent, fulfillmentText: detected.texts.join('\n') };
  } catch (err) {
    ctx.log.warn({ err }, 'dialogflow test session failed');
    throw new AppError('ERR_INTEGRATION_TEST_FAILED', 400);
  }
}

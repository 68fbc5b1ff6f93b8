import { randomUUID } from 'node:crypto';
import type { QueueIntegrationTestSession } from '@chatflow/contract';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { detectIntent } from '../dialogflow/detect-intent';

/** What the test session says to the agent: a greeting in the chosen language. */
const GREETING: Record<string, string> = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' };

/**
 * POST /queueIntegration/testSession: a real detectIntent call with the dialog's project and key, in
 * a throw-away session. Whatever goes wrong (key, project, network) is ERR_INTEGRATION_TEST_FAILED.
 */
export async function testDialogflowSession(ctx: RequestContext, input: QueueIntegrationTestSession) {
  try {
    const detected = await detectIntent(
      ctx.config.integrations.dialogflowApiUrl,
      input,
      `test-${randomUUID()}`,
      GREETING[input.language] ?? 'Olá',
      ctx.config.integrations.timeoutMs,
    );
    return { intent: detected.intent, fulfillmentText: detected.texts.join('\n') };
  } catch (err) {
    ctx.log.warn({ err }, 'dialogflow test session failed');
    throw new AppError('ERR_INTEGRATION_TEST_FAILED', 400);
  }
}

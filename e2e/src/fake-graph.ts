import { ownCloudNumber, serveCloudNumber, serveMessageTemplates } from '../../server/src/test/fake-graph/meta-shapes';
import { sampleTemplates } from '../../server/src/test/fake-graph/templates';
import { FakeGraph } from '../../server/src/test/fake-graph/server';

/** The WhatsApp Cloud API number the run's fake Meta knows, and the token of the business that owns it. */
export const CLOUD_NUMBER = { phoneNumberId: '106540352242922', token: 'EAAG-e2e-secret', wabaId: '102290129340398' } as const;

/**
 * A second number, whose business account lists the server tests' sample templates (five, on three
 * pages) and whose sends Graph answers: the message-templates scenario's own, so it never meets the
 * connection the connections scenario creates.
 */
export const TEMPLATE_NUMBER = { phoneNumberId: '106540352242930', token: 'EAAG-e2e-templates', wabaId: '102290129340430' } as const;

/** The app secret the run's server checks Meta's webhook signatures with (META_APP_SECRET). */
export const E2E_META_APP_SECRET = 'e2e-meta-app-secret';

/**
 * The server tests' fake Graph API (GRAPH_API_URL of the app under test), so no scenario reaches Meta:
 * it answers GET /{phone-number-id} to CLOUD_NUMBER's token only, as Meta answers a number to its owner.
 */
export async function startFakeGraph(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const fake = new FakeGraph();
  await fake.start();
  ownCloudNumber(fake, CLOUD_NUMBER.phoneNumberId, CLOUD_NUMBER.token);
  // Business accounts list their templates when their connection connects (issue 32); TEMPLATE_NUMBER's are
  // the message-templates scenario's, whose sends GET /e2e/sends tells it (the fake runs in this process).
  serveMessageTemplates(fake, CLOUD_NUMBER.wabaId, CLOUD_NUMBER.token, []);
  serveCloudNumber(fake, TEMPLATE_NUMBER.phoneNumberId, TEMPLATE_NUMBER.token);
  serveMessageTemplates(fake, TEMPLATE_NUMBER.wabaId, TEMPLATE_NUMBER.token, sampleTemplates());
  fake.on('GET', '/e2e/sends', () => ({
    json: fake.callsTo('POST', `/${TEMPLATE_NUMBER.phoneNumberId}/messages`).map((c) => c.json),
  }));
  return { baseUrl: fake.baseUrl, stop: () => fake.stop() };
}

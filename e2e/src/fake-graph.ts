import { ownCloudNumber } from '../../server/src/test/fake-graph/meta-shapes';
import { FakeGraph } from '../../server/src/test/fake-graph/server';

/** The WhatsApp Cloud API number the run's fake Meta knows, and the token of the business that owns it. */
export const CLOUD_NUMBER = { phoneNumberId: '106540352242922', token: 'EAAG-e2e-secret' } as const;

/**
 * The server tests' fake Graph API (GRAPH_API_URL of the app under test), so no scenario reaches Meta:
 * it answers GET /{phone-number-id} to CLOUD_NUMBER's token only, as Meta answers a number to its owner.
 */
export async function startFakeGraph(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const fake = new FakeGraph();
  await fake.start();
  ownCloudNumber(fake, CLOUD_NUMBER.phoneNumberId, CLOUD_NUMBER.token);
  return { baseUrl: fake.baseUrl, stop: () => fake.stop() };
}

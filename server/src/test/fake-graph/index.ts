// A local fake of Meta's Graph API for the Cloud API, Facebook and Instagram suites (and the channels benchmark).
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { signatureOf } from '../../channels/graph/signature';
import { FakeGraph } from './server';

export { FakeGraph, graphError, newMid, newWamid, type GraphCall } from './server';
export { sampleTemplates, templateStatusDelivery } from './templates';
export {
  ownCloudNumber,
  serveCdnFile,
  serveCloudMedia,
  serveCloudNumber,
  serveMessageTemplates,
  type FakeTemplate,
  servePageMessaging,
  serveUserPages,
  type FakePage,
} from './meta-shapes';
export { serveEmbeddedSignup, serveFacebookLogin, type FakeLoginPage, type FakeMetaApp } from './meta-login';

export const TEST_APP_SECRET = 'test-app-secret';
export const TEST_VERIFY_TOKEN = 'test-verify-token';

/**
 * Starts a fake Graph for the file and hands out the `meta` config that points the app at it. Call
 * before useTestApp (hooks run in order, so the URL is known when the app is built):
 * `const graph = useFakeGraph(); const t = useTestApp({ meta: graph.meta });`. After each test the
 * fake must have seen no call it was not told to expect.
 */
export function useFakeGraph() {
  const fake = new FakeGraph();
  const meta = { graphApiUrl: '', appSecret: TEST_APP_SECRET as string | null, verifyToken: TEST_VERIFY_TOKEN as string | null };
  beforeAll(async () => {
    await fake.start();
    meta.graphApiUrl = fake.baseUrl;
  });
  afterEach(() => {
    const unexpected = fake.unexpected.splice(0);
    expect(unexpected, 'calls the fake Graph API did not expect').toEqual([]);
  });
  afterAll(() => fake.stop());
  return { fake, meta };
}

/** Headers of a webhook POST signed with the test app secret, as Meta signs it. */
export function signedHeaders(body: string, secret = TEST_APP_SECRET) {
  return { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, secret) };
}

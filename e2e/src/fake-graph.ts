import { serveEmbeddedSignup, serveFacebookLogin } from '../../server/src/test/fake-graph/meta-login';
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

/** The Meta app the meta-login scenario sets as the operator (Configurações › Meta); the fake knows its id and secret. */
export const META_APP = { appId: '700100200300400', appSecret: 'e2e-meta-app-secret', configId: '800100200300400' } as const;

/** The app secret the run's server checks Meta's webhook signatures with (META_APP_SECRET): the Meta app's. */
export const E2E_META_APP_SECRET = META_APP.appSecret;

/** What the stubbed Facebook login answers, and the pages the fake Graph lists for it. */
export const FACEBOOK_LOGIN = {
  userId: '900100200300401',
  shortToken: 'EAAG-e2e-short-user',
  longToken: 'EAAG-e2e-long-user',
  pages: [
    {
      id: '110200300400501',
      name: 'Padaria Pão Quente',
      access_token: 'EAAG-e2e-page-1',
      instagram_business_account: { id: '178400500600701', username: 'padariapaoquente' },
    },
    { id: '110200300400502', name: 'Blog da Padaria', access_token: 'EAAG-e2e-page-2' },
  ],
} as const;

/** What the stubbed Embedded Signup hands the page (the code and the session info's ids). */
export const EMBEDDED_SIGNUP = {
  code: 'e2e-embedded-signup-code',
  token: 'EAAG-e2e-business-token',
  wabaId: '102290129340777',
  phoneNumberId: '106540352249999',
  display: '+55 11 4000-2026',
  verifiedName: 'Padaria Pão Quente',
} as const;

/**
 * The server tests' fake Graph API (GRAPH_API_URL of the app under test), so no scenario reaches Meta:
 * it answers GET /{phone-number-id} to CLOUD_NUMBER's token only, as Meta answers a number to its owner,
 * Meta's login for META_APP (the Facebook login's pages, the Embedded Signup's number), and the business
 * accounts' message templates.
 */
export async function startFakeGraph(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const fake = new FakeGraph();
  await fake.start();
  ownCloudNumber(fake, CLOUD_NUMBER.phoneNumberId, CLOUD_NUMBER.token);
  const app = { appId: META_APP.appId, appSecret: META_APP.appSecret };
  serveFacebookLogin(fake, {
    app,
    userId: FACEBOOK_LOGIN.userId,
    shortToken: FACEBOOK_LOGIN.shortToken,
    longToken: FACEBOOK_LOGIN.longToken,
    pages: FACEBOOK_LOGIN.pages.map((p) => ({ ...p })),
  });
  serveEmbeddedSignup(fake, { app, ...EMBEDDED_SIGNUP });
  // Business accounts list their templates when their connection connects (issue 32); TEMPLATE_NUMBER's are
  // the message-templates scenario's, whose sends GET /e2e/sends tells it (the fake runs in this process).
  serveMessageTemplates(fake, CLOUD_NUMBER.wabaId, CLOUD_NUMBER.token, []);
  serveMessageTemplates(fake, EMBEDDED_SIGNUP.wabaId, EMBEDDED_SIGNUP.token, []);
  serveCloudNumber(fake, TEMPLATE_NUMBER.phoneNumberId, TEMPLATE_NUMBER.token);
  serveMessageTemplates(fake, TEMPLATE_NUMBER.wabaId, TEMPLATE_NUMBER.token, sampleTemplates());
  fake.on('GET', '/e2e/sends', () => ({
    json: fake.callsTo('POST', `/${TEMPLATE_NUMBER.phoneNumberId}/messages`).map((c) => c.json),
  }));
  return { baseUrl: fake.baseUrl, stop: () => fake.stop() };
}

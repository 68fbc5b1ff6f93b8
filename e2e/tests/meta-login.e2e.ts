import { expect, inject, test } from 'vitest';
import { adminToken, apiGet, createUser } from '../src/api';
import { loginAs, menuLink } from '../src/auth';
import { useBrowser } from '../src/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/server';
import { EMBEDDED_SIGNUP, FACEBOOK_LOGIN, META_APP } from '../src/fake-graph';
import { shotsDir, snapAtBothSizes } from '../src/shots';
import { atPath, hides, shows, toast } from '../src/wait';

const b = useBrowser();
const SHOTS = shotsDir('meta-login');

/** The operator's Meta app settings (Configurações › Meta), through the API as the super user. */
async function setMetaApp(values: { metaAppId: string; metaAppSecret: string; metaEmbeddedSignupConfigId: string }) {
  const token = await adminToken();
  for (const [key, value] of Object.entries(values)) {
    const res = await fetch(`${inject('baseUrl')}/settings/${key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ value }),
    });
    expect(res.status, `PUT /settings/${key}`).toBe(200);
  }
}
const UNSET = { metaAppId: '', metaAppSecret: '', metaEmbeddedSignupConfigId: '' };

/**
 * Meta's SDK as the page sees it, without Meta: FB.login answers the Facebook login with a user id and
 * a short-lived token, and Embedded Signup (config_id, response_type code) first with Meta's
 * session-info message from www.facebook.com (the WABA and phone number ids), then with the code.
 * What the page asked of FB is kept for the test to read.
 */
function stubFacebookSdk({ login, signup }: { login: typeof FACEBOOK_LOGIN; signup: typeof EMBEDDED_SIGNUP }) {
  const calls: unknown[] = [];
  (window as unknown as { __fbCalls: unknown[] }).__fbCalls = calls;
  (window as unknown as { FB: unknown }).FB = {
    init(options: unknown) {
      calls.push({ init: options });
    },
    login(callback: (r: unknown) => void, options: { config_id?: string }) {
      calls.push({ login: options });
      if (!options?.config_id) {
        callback({ status: 'connected', authResponse: { accessToken: login.shortToken, userID: login.userId } });
        return;
      }
      const data = JSON.stringify({
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'FINISH',
        data: { phone_number_id: signup.phoneNumberId, waba_id: signup.wabaId },
      });
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://www.facebook.com' }));
      callback({ status: 'connected', authResponse: { code: signup.code } });
    },
  };
}

test('Meta login: the entries say what the operator must set; then the Facebook page chooser and WhatsApp Embedded Signup create connections', async () => {
  const { page } = b;
  await setMetaApp(UNSET);
  const admin = await createUser({ profile: 'admin' });
  await page.addInitScript(stubFacebookSdk, { login: FACEBOOK_LOGIN, signup: EMBEDDED_SIGNUP });
  try {
    await loginAs(page, admin.email, admin.password);
    await menuLink(page, 'Conexões').click();
    await atPath(page, '/connections');

    // Not configured: the menu entries say so, and the dialog names what the operator must set.
    await page.getByRole('button', { name: 'Nova conexão' }).click();
    const facebookEntry = page.getByRole('menuitem', { name: /Facebook/ });
    await shows(facebookEntry.getByText('Requer configuração do operador'), 'the hint on the Facebook entry');
    await facebookEntry.click();
    const notSet = page.getByRole('dialog', { name: 'Conectar Facebook com a Meta' });
    await shows(notSet.getByText('Login da Meta não configurado'), 'the not-configured notice');
    await shows(notSet.getByText('META_APP_ID'), 'the app id variable named');
    // The run's server has META_APP_SECRET (the webhooks' signatures), so only the app id is missing here.
    expect(await notSet.getByText('META_APP_SECRET').count()).toBe(0);
    expect(await notSet.getByRole('button', { name: 'Continuar com o Facebook' }).count()).toBe(0);
    if (SHOTS) await snapAtBothSizes(page, SHOTS, 'meta-not-configured');
    // The manual path stays: "Avançado" opens the user id and token form.
    await notSet.getByRole('button', { name: 'Avançado: informar manualmente' }).click();
    const manual = page.getByRole('dialog', { name: 'Conectar Facebook' });
    await shows(manual.getByLabel('ID do usuário do Facebook'), 'the manual form');
    await manual.getByRole('button', { name: 'Cancelar' }).click();
    await hides(manual, 'the manual form');

    // The operator sets the Meta app; the page reads the login settings again on reload.
    await setMetaApp({ metaAppId: META_APP.appId, metaAppSecret: META_APP.appSecret, metaEmbeddedSignupConfigId: META_APP.configId });
    await page.reload();
    await page.getByRole('button', { name: 'Nova conexão' }).click();
    await page.getByRole('menuitem', { name: /Facebook/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar Facebook com a Meta' });
    await dialog.getByRole('button', { name: 'Continuar com o Facebook' }).click();
    const chooser = dialog.getByRole('list', { name: 'Páginas que você administra' });
    await shows(chooser.getByText(FACEBOOK_LOGIN.pages[0].name), 'the first page in the chooser');
    await shows(chooser.getByText(FACEBOOK_LOGIN.pages[1].name), 'the second page in the chooser');
    await shows(chooser.getByText('padariapaoquente'), 'the linked Instagram account');
    if (SHOTS) await snapAtBothSizes(page, SHOTS, 'meta-page-chooser');
    await chooser.getByRole('button', { name: new RegExp(FACEBOOK_LOGIN.pages[1].name) }).click();
    await dialog.getByRole('button', { name: 'Conectar 1 página' }).click();
    await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
    await hides(dialog, 'the Meta login dialog');
    await shows(page.getByTestId('connection-row').filter({ hasText: FACEBOOK_LOGIN.pages[0].name }), 'the page connection');
    expect(await page.getByTestId('connection-row').filter({ hasText: FACEBOOK_LOGIN.pages[1].name }).count()).toBe(0);

    // WhatsApp API oficial: Embedded Signup with the operator's configuration id, a PIN, then the connection.
    await page.getByRole('button', { name: 'Nova conexão' }).click();
    await page.getByRole('menuitem', { name: /WhatsApp API oficial/ }).click();
    const signup = page.getByRole('dialog', { name: 'Conectar WhatsApp API oficial' });
    await signup.getByLabel('PIN de confirmação em duas etapas').fill('246810');
    if (SHOTS) await snapAtBothSizes(page, SHOTS, 'meta-embedded-signup');
    await signup.getByRole('button', { name: 'Continuar com o Facebook' }).click();
    await shows(toast(page, 'Operação realizada com sucesso!'), 'the saved toast');
    await hides(signup, 'the Embedded Signup dialog');
    const cloudName = `${EMBEDDED_SIGNUP.verifiedName} ${EMBEDDED_SIGNUP.display}`;
    await shows(page.getByTestId('connection-row').filter({ hasText: cloudName }), 'the Cloud API connection');

    const calls = await page.evaluate(() => (window as unknown as { __fbCalls: Record<string, Record<string, unknown>>[] }).__fbCalls);
    expect(calls.find((c) => c.init)?.init).toMatchObject({ appId: META_APP.appId, version: 'v13.0' });
    const logins = calls.filter((c) => c.login).map((c) => c.login);
    expect(String(logins[0].scope)).toContain('pages_messaging');
    expect(String(logins[0].scope)).toContain('instagram_manage_messages');
    expect(logins[1]).toMatchObject({ config_id: META_APP.configId, response_type: 'code', override_default_response_type: true });

    // What the server stored: the page and the number, each once, and no token in any answer.
    const token = await adminToken();
    const all = await apiGet<{ name: string; channel: string }[]>('/whatsapp?session=0', token);
    const mine = all.filter((c) => c.name === FACEBOOK_LOGIN.pages[0].name || c.name === cloudName).map((c) => c.channel);
    expect(mine.sort()).toEqual(['facebook', 'whatsappapi']);

    // The operator's side, for the pictures: Configurações › Meta with the app set (the secret only says it is set).
    if (SHOTS) {
      const operator = await (await b.openContext()).newPage();
      await loginAs(operator, ADMIN_EMAIL, ADMIN_PASSWORD);
      await operator.goto('/settings?tab=meta');
      await shows(operator.getByRole('textbox', { name: 'ID do aplicativo' }), 'the Meta app id field');
      await snapAtBothSizes(operator, SHOTS, 'meta-settings');
    }
  } finally {
    await setMetaApp(UNSET);
  }
});

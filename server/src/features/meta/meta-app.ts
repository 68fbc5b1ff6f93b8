import { DEFAULT_META_LOGIN_GRAPH_VERSION, type MetaLoginSettingsView } from '@chatflow/contract';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { getGlobalSetting } from '../settings';

/** The Meta app the logins run on: the operator's settings, else the environment (README "Connecting for real"). */
export interface MetaApp {
  appId: string;
  appSecret: string;
  embeddedSignupConfigId: string;
  graphVersion: string;
}

export async function readMetaApp(db: DbOrTx, config: Config): Promise<MetaApp> {
  const [appId, appSecret, configId, version] = await Promise.all(
    ['metaAppId', 'metaAppSecret', 'metaEmbeddedSignupConfigId', 'metaGraphVersion'].map((key) => getGlobalSetting(db, key)),
  );
  return {
    appId: appId || config.meta.appId || '',
    appSecret: appSecret || config.meta.appSecret || '',
    embeddedSignupConfigId: configId || config.meta.embeddedSignupConfigId || '',
    graphVersion: version || config.meta.loginGraphVersion || DEFAULT_META_LOGIN_GRAPH_VERSION,
  };
}

/** What the operator has not set yet, per login: Facebook needs the app's id and secret, Embedded Signup its configuration id too. */
function missing(app: MetaApp): MetaLoginSettingsView['missing'] {
  const names: MetaLoginSettingsView['missing'] = [];
  if (!app.appId) names.push('appId');
  if (!app.appSecret) names.push('appSecret');
  if (!app.embeddedSignupConfigId) names.push('embeddedSignupConfigId');
  return names;
}

/** GET /meta/login-settings: the public half of the app (ids, version) and what is missing; never the secret. */
export function presentLoginSettings(app: MetaApp): MetaLoginSettingsView {
  const absent = missing(app);
  const facebookReady = !absent.includes('appId') && !absent.includes('appSecret');
  return {
    appId: app.appId,
    graphVersion: app.graphVersion,
    embeddedSignupConfigId: app.embeddedSignupConfigId,
    facebookReady,
    embeddedSignupReady: facebookReady && !absent.includes('embeddedSignupConfigId'),
    missing: absent,
  };
}

/** The app, refused with ERR_META_NOT_CONFIGURED when the login asked for cannot work yet. */
export async function requireMetaApp(db: DbOrTx, config: Config, login: 'facebook' | 'embeddedSignup'): Promise<MetaApp> {
  const app = await readMetaApp(db, config);
  const view = presentLoginSettings(app);
  if (!(login === 'facebook' ? view.facebookReady : view.embeddedSignupReady)) throw new AppError('ERR_META_NOT_CONFIGURED', 400);
  return app;
}

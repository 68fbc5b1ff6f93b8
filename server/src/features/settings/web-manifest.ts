import { GLOBAL_SETTING_DEFAULTS } from '@chatflow/contract';
import type { DbOrTx } from '../../db/client';
import { getGlobalSetting } from './service';

/**
 * The web app manifest (what makes the app installable), written per request because its name is
 * the whitelabel app name, the one the login page and the tab title show. The icons are the built
 * web app's root files (web/public, drawn by web/scripts/icons.mjs).
 */
export function webManifest(appName: string) {
  return {
    name: appName,
    short_name: appName,
    description: 'Atendimento multicanal',
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#2563eb',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  };
}

/** The manifest under the current app name; an emptied setting reads as the default, as the web app does. */
export async function readWebManifest(db: DbOrTx) {
  const appName = (await getGlobalSetting(db, 'appName'))?.trim() || GLOBAL_SETTING_DEFAULTS.appName;
  return webManifest(appName);
}

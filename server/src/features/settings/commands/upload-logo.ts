import type { WhitelabelLogoMode } from '@chatflow/contract';
import type { RequestContext } from '../../../http/context';
import { announcePublicSetting } from '../events';
import { logoExtension, removeLogo, writeLogo } from '../logo-file';
import { globalSettingsMap, setGlobalSetting } from '../service';

const LOGO_KEYS = ['appLogoLight', 'appLogoDark', 'appLogoFavicon'] as const;

/**
 * Stores a whitelabel logo and points appLogo{mode} at it. The replaced file is deleted unless
 * another logo key still points at it (PUT may set two modes to one file).
 */
export async function uploadWhitelabelLogo(ctx: RequestContext, mode: WhitelabelLogoMode, file: Buffer): Promise<string> {
  const ext = await logoExtension(file);
  const key = `appLogo${mode}`;
  const publicPath = await writeLogo(ctx.config, file, ext);
  const before = await globalSettingsMap(ctx.db);
  try {
    await setGlobalSetting(ctx.db, key, publicPath);
  } catch (err) {
    await removeLogo(ctx.config, publicPath);
    throw err;
  }
  const previous = before[key];
  const stillUsed = LOGO_KEYS.some((k) => k !== key && before[k] === previous);
  if (previous && !stillUsed) await removeLogo(ctx.config, previous);
  await announcePublicSetting(ctx.db, ctx.realtime, key, publicPath);
  return publicPath;
}

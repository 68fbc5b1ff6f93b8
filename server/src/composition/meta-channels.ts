import type { ProviderRegistry } from '../channels/registry';
import { CloudApiProvider } from '../channels/cloud-api/provider';
import { MetaProvider } from '../channels/meta/provider';
import { getGlobalSetting } from '../features/settings';
import type { ChannelEventDeps } from './channels';

/** The global downloadLimit setting (MB, 64 unless set) in bytes: the bound on every downloaded file. */
async function downloadLimitBytes(deps: ChannelEventDeps): Promise<number> {
  const mb = Number(await getGlobalSetting(deps.db, 'downloadLimit')) || 64;
  return mb * 1024 * 1024;
}

/**
 * The Meta channels: WhatsApp Cloud API (`whatsappapi`), Facebook Messenger and Instagram. They
 * need no session, so they are always registered; their webhook routes live in features/meta.
 */
export function wireMetaChannels(registry: ProviderRegistry, deps: () => ChannelEventDeps): void {
  const providerDeps = () => {
    const d = deps();
    return { graphApiUrl: d.config.meta.graphApiUrl, log: d.log, downloadLimitBytes: () => downloadLimitBytes(d) };
  };
  registry.register('whatsappapi', (connection, events) => new CloudApiProvider(connection, events, providerDeps()));
  registry.register('facebook', (connection, events) => new MetaProvider(connection, events, providerDeps()));
  registry.register('instagram', (connection, events) => new MetaProvider(connection, events, providerDeps()));
}

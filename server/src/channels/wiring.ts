import type { ProviderRegistry } from './registry';
import type { ChannelEventDeps } from './events';

/**
 * Registers the providers this build knows (simulator, …) with the registry. Each provider's events
 * go through `providerEvents` (channels/events.ts) to the inbound pipeline.
 */
export function wireChannels(_registry: ProviderRegistry, _deps: () => ChannelEventDeps): void {
  // The simulator provider registers here (issue: inbox).
}

import { EmbeddedSignupDialog } from './EmbeddedSignupDialog';
import { MetaLoginDialog } from './MetaLoginDialog';

export type MetaChannel = 'whatsappapi' | 'facebook' | 'instagram';

/**
 * The new-connection entries that go through Meta's login: Facebook and Instagram (page chooser) and
 * the official WhatsApp API (Embedded Signup). `onManualCloudApi` opens the connection dialog's
 * manual Cloud API form (the Embedded Signup's "Avançado").
 */
export function MetaConnectDialog({
  channel,
  onClose,
  onManualCloudApi,
}: {
  channel: MetaChannel;
  onClose(): void;
  onManualCloudApi(): void;
}) {
  if (channel === 'whatsappapi') return <EmbeddedSignupDialog onClose={onClose} onAdvanced={onManualCloudApi} />;
  return <MetaLoginDialog channel={channel} onClose={onClose} />;
}

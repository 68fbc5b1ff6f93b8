// The setting keys, their defaults and allowed values, without the schemas (settings.ts): screens that
// only need the keys (the app's theme reads the public ones at start) then load no validation code.
/** Company settings and their defaults (spec 2 §3 Settings). Values are strings, as stored. */
export const COMPANY_SETTING_DEFAULTS: Record<string, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  DirectTicketsToWallets: 'disabled',
  closeTicketOnTransfer: 'disabled',
  showNotificationPending: 'disabled',
  sendMsgTransfTicket: 'disabled',
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
  autoCloseTicketHours: '0',
};

/** Platform-wide settings, writable by the super user only. */
export const GLOBAL_SETTING_DEFAULTS: Record<string, string> = {
  userCreation: 'enabled',
  downloadLimit: '64',
  appName: 'Chat-flow',
  // Spec 3 §9: the default primary colours of a fresh install.
  primaryColorLight: '#0000FF',
  primaryColorDark: '#39ACE7',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
  // The Meta app behind the Facebook/Instagram login and WhatsApp Embedded Signup (README "Connecting
  // for real"); '' falls back to META_APP_ID, META_EMBEDDED_SIGNUP_CONFIG_ID, META_LOGIN_GRAPH_VERSION.
  metaAppId: '',
  metaEmbeddedSignupConfigId: '',
  metaGraphVersion: '',
};

/** Global keys readable without a session (login page theme). Nothing else is public. */
export const PUBLIC_SETTING_KEYS = [
  'appName',
  'primaryColorLight',
  'primaryColorDark',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
] as const;
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];

/** Secrets are write-only: the API never returns their values. */
export const SECRET_SETTING_KEYS = [
  'efiClientId',
  'efiClientSecret',
  'efiPixKey',
  'mpAccessToken',
  'stripePrivateKey',
  'asaasToken',
  // Webhook authentication (billing): Asaas sends this token in asaas-access-token; Stripe signs with this endpoint secret.
  'asaasWebhookToken',
  'stripeWebhookSecret',
  'openAiKeyAudio',
  // The Meta app's secret: token exchanges of the Meta login and webhook signatures ('' falls back to META_APP_SECRET).
  'metaAppSecret',
] as const;

/**
 * Where an uploaded payment certificate is used (POST /settings/cert-upload?ref=): today only the Efí
 * PIX API, which requires mutual TLS with the account's .p12 certificate.
 */
export const CERTIFICATE_DESTINATIONS = ['efi'] as const;
export type CertificateDestination = (typeof CERTIFICATE_DESTINATIONS)[number];
/** A .p12 holds one key and a short chain: a few kilobytes. */
export const CERTIFICATE_MAX_BYTES = 256 * 1024;

export const DOWNLOAD_LIMIT_OPTIONS = [32, 64, 128, 256, 512, 1024, 2048] as const;
export const WHITELABEL_LOGO_MODES = ['Light', 'Dark', 'Favicon'] as const;
export type WhitelabelLogoMode = (typeof WHITELABEL_LOGO_MODES)[number];
export const WHITELABEL_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const;
export const CHATBOT_TYPES = ['text', 'list', 'button'] as const;

const has = (table: Record<string, string>, key: string) => Object.hasOwn(table, key);
export const isCompanySettingKey = (key: string) => has(COMPANY_SETTING_DEFAULTS, key);
export const isSecretSettingKey = (key: string) => (SECRET_SETTING_KEYS as readonly string[]).includes(key);
/** Keys only the super user may write: the global ones and the provider secrets. */
export const isGlobalSettingKey = (key: string) => has(GLOBAL_SETTING_DEFAULTS, key) || isSecretSettingKey(key);
export const isPublicSettingKey = (key: string) => (PUBLIC_SETTING_KEYS as readonly string[]).includes(key);

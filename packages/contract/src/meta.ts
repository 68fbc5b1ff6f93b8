import { z } from 'zod';
import { CHANNELS } from './channels';

/**
 * POST /facebook (spec 2 §7): the result of the Facebook login on the web. The user token lists
 * the user's pages; each page becomes a `facebook` connection and, with addInstagram, its linked
 * Instagram business account an `instagram` one. The tokens are write-only: no view carries them.
 */
export const FacebookConnectInput = z.object({
  facebookUserId: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  facebookUserToken: z.string().trim().min(1, 'validation.required').max(2048, 'validation.tooLong'),
  addInstagram: z.boolean().default(false),
  /** The pages chosen in the page chooser; absent, every page the user manages (the manual path). */
  pageIds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,64}$/, 'validation.invalid'),
    )
    .max(100, 'validation.tooLong')
    .optional(),
});
export type FacebookConnectInput = z.input<typeof FacebookConnectInput>;

/** One connection POST /facebook created or refreshed (its full view comes from GET /whatsapp/:id). */
export const FacebookConnectResult = z.array(
  z.object({ id: z.number().int(), name: z.string(), channel: z.enum(CHANNELS), created: z.boolean() }),
);
export type FacebookConnectResult = z.infer<typeof FacebookConnectResult>;

/** POST /facebook/pages: the pages the Facebook login's user manages, for the page chooser. */
export const FacebookPagesInput = FacebookConnectInput.pick({ facebookUserId: true, facebookUserToken: true });
export type FacebookPagesInput = z.input<typeof FacebookPagesInput>;

/** One page of the chooser: no token, only what a person chooses by (and whether it is connected already). */
export const FacebookPageView = z.object({
  id: z.string(),
  name: z.string(),
  /** The page's linked Instagram business account, if any. */
  instagram: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** Connection channels of this company that already serve the page or its Instagram account. */
  connected: z.array(z.enum(['facebook', 'instagram'])),
});
export type FacebookPageView = z.infer<typeof FacebookPageView>;
export const FacebookPagesView = z.array(FacebookPageView);

/**
 * GET /meta/login-settings: what the connections page needs to open Meta's login (the Facebook
 * JavaScript SDK). The app id and the configuration id are public by nature (the SDK shows them to
 * every visitor); the app secret is never sent, only whether the server has one. `missing` names what
 * the operator must still set for each login.
 */
export const MetaLoginSettingsView = z.object({
  appId: z.string(),
  graphVersion: z.string(),
  embeddedSignupConfigId: z.string(),
  facebookReady: z.boolean(),
  embeddedSignupReady: z.boolean(),
  missing: z.array(z.enum(['appId', 'appSecret', 'embeddedSignupConfigId'])),
});
export type MetaLoginSettingsView = z.infer<typeof MetaLoginSettingsView>;

/** The Graph API version the spec names for the login (spec 2 §2), used when the operator sets none. */
export const DEFAULT_META_LOGIN_GRAPH_VERSION = 'v13.0';

/** The permissions the Facebook login asks for: the page's Messenger and its Instagram account's messages. */
export const META_LOGIN_SCOPES = [
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_read_engagement',
  'business_management',
  'instagram_basic',
  'instagram_manage_messages',
] as const;

/**
 * POST /meta/embedded-signup: what WhatsApp Embedded Signup hands the page (the code of FB.login and
 * the session-info message's WABA and phone number ids) plus the two-step verification PIN the number
 * is registered with (six digits, the customer's choice).
 */
export const EmbeddedSignupInput = z.object({
  code: z.string().trim().min(1, 'validation.required').max(2048, 'validation.tooLong'),
  wabaId: z
    .string()
    .trim()
    .regex(/^\d{1,64}$/, 'validation.invalid'),
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{1,64}$/, 'validation.invalid'),
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.pin'),
});
export type EmbeddedSignupInput = z.input<typeof EmbeddedSignupInput>;
export const EmbeddedSignupResult = z.object({ id: z.number().int(), name: z.string(), channel: z.enum(CHANNELS) });
export type EmbeddedSignupResult = z.infer<typeof EmbeddedSignupResult>;

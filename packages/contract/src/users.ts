import { z } from 'zod';
import { boundedString, dbId, email, enabledDisabled, fromText, hhmm, password } from './fields';
import { PROFILES } from './permissions';

/** User form (spec 1 §5, spec 2 §5). Defaults are the modal's for a new user. */
export const USER_DEFAULTS = {
  profile: 'user',
  startWork: '00:00',
  endWork: '23:59',
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
} as const;

/** Fields only an admin may set (spec 2 §6): profile, queues, default connection, work hours, Permissions tab. */
export const ADMIN_ONLY_USER_FIELDS = [
  'profile',
  'queueIds',
  'whatsappId',
  'startWork',
  'endWork',
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
  'farewellMessage',
] as const;

/** The fields as they are validated, without defaults (so an update leaves unsent fields alone). */
const userFields = {
  name: boundedString(2, 50),
  email: email(),
  profile: z.enum(PROFILES),
  startWork: hhmm(),
  endWork: hhmm(),
  whatsappId: dbId().nullable(),
  farewellMessage: z.string().max(2000).nullable(),
  queueIds: z.array(dbId()).max(500),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTheme: z.enum(['light', 'dark']),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  allHistoric: enabledDisabled.nullable(),
  allUserChat: enabledDisabled,
  userClosePendingTicket: enabledDisabled,
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  defaultTicketsManagerWidth: z.number().int().min(200).max(4000),
};

export const UserUpdateInput = z
  .object(userFields)
  .partial()
  .extend({
    /** An empty password means "keep the current one". */
    password: z.union([z.literal(''), password()]).optional(),
  });
export type UserUpdateInput = z.input<typeof UserUpdateInput>;

export const UserCreateInput = UserUpdateInput.extend({
  name: userFields.name,
  email: userFields.email,
  password: password(),
});
export type UserCreateInput = z.input<typeof UserCreateInput>;

export const UserListQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: fromText(z.number().int().min(1).max(100000)).optional().default(1),
});

export const USER_PAGE_SIZE = 20;

/** POST /users/:id/media-upload: the profile picture, sniffed from its content. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

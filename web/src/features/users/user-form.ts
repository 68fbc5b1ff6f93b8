import { ADMIN_ONLY_USER_FIELDS, type UserCreateInput, USER_DEFAULTS, type UserUpdateInput, type UserView } from '@chatflow/contract';

type EnabledDisabled = 'enabled' | 'disabled';

/** What the user modal edits: every field of the General and Permissions tabs. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: 'user' | 'admin';
  queueIds: number[];
  whatsappId: number | null;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  allHistoric: EnabledDisabled;
  allUserChat: EnabledDisabled;
  userClosePendingTicket: EnabledDisabled;
  showDashboard: EnabledDisabled;
  allowRealTime: EnabledDisabled;
  allowConnections: EnabledDisabled;
}

/** The Permissions tab's enabled/disabled switches, in the order they are shown. */
export const PERMISSION_SWITCHES = [
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const satisfies readonly (keyof UserFormValues)[];

/** A new user starts from the contract's defaults (spec 1 §5 "User form"). */
export const NEW_USER_VALUES: UserFormValues = {
  ...USER_DEFAULTS,
  name: '',
  email: '',
  password: '',
  queueIds: [],
  whatsappId: null,
  farewellMessage: '',
};

export function toFormValues(user: UserView): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '', // empty keeps the current password
    profile: user.profile,
    queueIds: user.queues.map((q) => q.id),
    whatsappId: user.whatsappId,
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage ?? '',
    defaultTheme: user.defaultTheme,
    defaultMenu: user.defaultMenu,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup,
    allHistoric: user.allHistoric ?? 'disabled', // null on older rows means "not granted"
    allUserChat: user.allUserChat,
    userClosePendingTicket: user.userClosePendingTicket,
    showDashboard: user.showDashboard,
    allowRealTime: user.allowRealTime,
    allowConnections: user.allowConnections,
  };
}

/**
 * The request body. A non-admin sends only what they may change (spec 2 §6), so their save never
 * touches an admin field; an empty password on an edit is left out, which keeps the old one.
 */
export function toPayload(values: UserFormValues, opts: { isAdmin: boolean; isNew: boolean }): UserCreateInput | UserUpdateInput {
  const body: Record<string, unknown> = { ...values, farewellMessage: values.farewellMessage.trim() || null };
  if (!opts.isNew && !values.password) delete body.password;
  if (!opts.isAdmin) for (const field of ADMIN_ONLY_USER_FIELDS) delete body[field];
  return body as UserCreateInput | UserUpdateInput;
}

import { z } from 'zod';
import { PLAN_SWITCHES, type PlanSwitch } from '../plans';
import { QueueRef } from './refs';

const enabledDisabled = z.enum(['enabled', 'disabled']);
const profile = z.enum(['user', 'admin']);

export const UserView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile,
  super: z.boolean(),
  profileImage: z.string().nullable(),
  startWork: z.string(),
  endWork: z.string(),
  whatsappId: z.number().nullable(),
  farewellMessage: z.string().nullable(),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTheme: z.enum(['light', 'dark']),
  /** The spec's name for "the user's theme is dark", read by clients of this product family; follows defaultTheme. */
  darkMode: z.boolean(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  allHistoric: enabledDisabled.nullable(),
  allUserChat: enabledDisabled,
  userClosePendingTicket: enabledDisabled,
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  defaultTicketsManagerWidth: z.number(),
  online: z.boolean(),
  queues: z.array(QueueRef),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof UserView>;

const planSwitches = z.object(Object.fromEntries(PLAN_SWITCHES.map((s) => [s, z.boolean()])) as Record<PlanSwitch, z.ZodBoolean>);

/** The session user (login, refresh, /auth/me): the user plus the company the shell needs. */
export const SessionUserView = UserView.extend({
  company: z.object({
    id: z.number(),
    name: z.string(),
    dueDate: z.string(),
    settings: z.array(z.object({ key: z.string(), value: z.string() })),
    plan: planSwitches.extend({ id: z.number(), name: z.string() }).nullable(),
  }),
  /** Spec 1 §7 names these on the login answer itself; the same values as company.dueDate and company.settings. */
  dueDate: z.string(),
  companieSettings: z.record(z.string(), z.string()),
});
export type SessionUserView = z.infer<typeof SessionUserView>;

/** POST /auth/login and /auth/refresh_token. */
export const SessionView = z.object({ token: z.string(), user: SessionUserView });

/** GET /users: one page of the company's users (admin screen). */
export const UserPage = z.object({ users: z.array(UserView), count: z.number(), hasMore: z.boolean() });
export type UserPage = z.infer<typeof UserPage>;

/** GET /users/list: the company's users for pickers (transfer, filters); any authenticated user. */
export const UserListItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile,
  online: z.boolean(),
  profileImage: z.string().nullable(),
  queues: z.array(QueueRef),
});
export type UserListItem = z.infer<typeof UserListItem>;

/** POST /users/{id}/media-upload. */
export const ProfileImageResult = z.object({ user: UserView });

/** POST /auth/signup: the new company, its admin and the trial's end. */
export const SignupResult = z.object({ companyId: z.number(), userId: z.number(), dueDate: z.string().nullable() });

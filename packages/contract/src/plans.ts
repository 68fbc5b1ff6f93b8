import { z } from 'zod';
import { boundedString, fromText, queryBoolean } from './fields';

/** Plan feature switches (spec 2 §3 Plan). The same list gates routes on the server and menu entries in the web app. */
export const PLAN_SWITCHES = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanSwitch = (typeof PLAN_SWITCHES)[number];
export type PlanSwitches = Record<PlanSwitch, boolean>;

const counter = () =>
  fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.number' })
      .max(100000, { message: 'validation.tooLong' }),
  );

/** The plan's fields as validated, without defaults: an update leaves what it does not send alone. */
const planFields = {
  name: boundedString(2, 50),
  users: counter(),
  connections: counter(),
  queues: counter(),
  /** BRL, as a decimal string or number ("49.90", "49,9", 49.9); stored with two decimals. */
  amount: z
    .union([z.string(), z.number()], { message: 'validation.number' })
    .transform((v) => String(v).trim().replace(',', '.'))
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, { message: 'validation.number' })),
  isPublic: z.boolean(),
  trialDays: fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.number' })
      .max(365, { message: 'validation.tooLong' }),
  ),
  ...(Object.fromEntries(PLAN_SWITCHES.map((s) => [s, z.boolean()])) as { [K in PlanSwitch]: z.ZodBoolean }),
};

const switchDefaults = Object.fromEntries(PLAN_SWITCHES.map((s) => [s, planFields[s].default(true)])) as {
  [K in PlanSwitch]: z.ZodDefault<z.ZodBoolean>;
};

/** Plan form (create): every switch on unless sent, one user/connection/queue, public, 7 trial days. */
export const PlanInput = z.object({
  ...planFields,
  users: planFields.users.default(1),
  connections: planFields.connections.default(1),
  queues: planFields.queues.default(1),
  isPublic: planFields.isPublic.default(true),
  trialDays: planFields.trialDays.default(7),
  ...switchDefaults,
});
export type PlanInput = z.input<typeof PlanInput>;

/** PUT /plans/{id}: the same fields, each optional. */
export const PlanUpdateInput = z.object(planFields).partial();
export type PlanUpdateInput = z.input<typeof PlanUpdateInput>;

/** GET /plans/list: `listPublic=true` is the signup page's filter. */
export const PlanListQuery = z.object({ listPublic: queryBoolean.optional() });

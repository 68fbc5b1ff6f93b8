import { z } from 'zod';
import { boundedString } from './fields';

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

const switches = Object.fromEntries(PLAN_SWITCHES.map((s) => [s, z.boolean().default(true)])) as {
  [K in PlanSwitch]: z.ZodDefault<z.ZodBoolean>;
};

export const PlanInput = z.object({
  name: boundedString(2, 50),
  users: z.coerce.number({ message: 'validation.number' }).int().min(0).max(100000).default(1),
  connections: z.coerce.number({ message: 'validation.number' }).int().min(0).max(100000).default(1),
  queues: z.coerce.number({ message: 'validation.number' }).int().min(0).max(100000).default(1),
  /** BRL, as a decimal string or number ("49.90"); stored with two decimals. */
  amount: z.union([z.string(), z.number()])
    .transform((v) => String(v).trim().replace(',', '.'))
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, { message: 'validation.number' })),
  isPublic: z.boolean().default(true),
  trialDays: z.coerce.number().int().min(0).max(365).default(7),
  ...switches,
});
export type PlanInput = z.input<typeof PlanInput>;

export interface PlanView extends PlanSwitches {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: string;
  isPublic: boolean;
  trialDays: number;
}

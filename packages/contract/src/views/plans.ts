import { z } from 'zod';
import { PLAN_SWITCHES, type PlanSwitch } from '../plans';

const switches = Object.fromEntries(PLAN_SWITCHES.map((s) => [s, z.boolean()])) as Record<PlanSwitch, z.ZodBoolean>;

export const PlanView = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  /** Two decimals, dot separator ("49.90"); the web app formats it as BRL pt-BR. */
  amount: z.string(),
  isPublic: z.boolean(),
  trialDays: z.number(),
  ...switches,
});
export type PlanView = z.infer<typeof PlanView>;

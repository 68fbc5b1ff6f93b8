import { z } from 'zod';
import { RECURRENCES } from '../companies';
import { PlanView } from './plans';
import { ScheduleView } from './refs';

export const CompanyView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  document: z.string(),
  addressStreet: z.string(),
  addressCity: z.string(),
  addressState: z.string(),
  planId: z.number(),
  plan: z.object({ id: z.number(), name: z.string(), amount: z.string() }).nullable(),
  status: z.boolean(),
  /** The main company (id 1) always reads 2999-12-31. */
  dueDate: z.string(),
  recurrence: z.enum(RECURRENCES),
  paymentMethod: z.string(),
  numberAttendants: z.number(),
  numberConections: z.number(),
  schedules: z.array(ScheduleView),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** The company's media folder (spec 2 §3 Company): total bytes, number of files, newest change. */
  folderSize: z.number(),
  numberFileFolder: z.number(),
  updatedAtFolder: z.string().nullable(),
});
export type CompanyView = z.infer<typeof CompanyView>;

/** GET /companies/list: the minimal row pickers need. */
export const CompanyListItem = z.object({ id: z.number(), name: z.string(), dueDate: z.string(), planId: z.number() });
export type CompanyListItem = z.infer<typeof CompanyListItem>;

export const CompanyPage = z.object({ companies: z.array(CompanyView), count: z.number(), hasMore: z.boolean() });
export type CompanyPage = z.infer<typeof CompanyPage>;

/** GET /companies/listPlan/{companyId}. */
export const CompanyPlanView = z.object({ plan: PlanView });
export type CompanyPlanView = z.infer<typeof CompanyPlanView>;

/** GET /companies/{id}/schedules: the company's service hours, readable by its admin (scheduleType 'company'). */
export const CompanySchedulesView = z.object({ id: z.number(), schedules: z.array(ScheduleView) });
export type CompanySchedulesView = z.infer<typeof CompanySchedulesView>;

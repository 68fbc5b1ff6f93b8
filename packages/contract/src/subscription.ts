/** The main company never expires (spec 1 §4.3). */
export const MAIN_COMPANY_ID = 1;
export const MAIN_COMPANY_DUE_DATE = '2999-12-31';
export const SUBSCRIPTION_WARNING_DAYS = 5;
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** The reports' time zone by language (spec 1 §9, spec 2 §9): Portuguese São Paulo, Spanish Monterrey. */
export const SPANISH_TIME_ZONE = 'America/Monterrey';

/** The time zone a company signed up in `language` reports in (its reports, exports and hours). */
export const timeZoneForLanguage = (language: string | undefined): string => (language === 'es' ? SPANISH_TIME_ZONE : DEFAULT_TIME_ZONE);

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function effectiveDueDate(companyId: number, dueDate: string | null): string {
  return companyId === MAIN_COMPANY_ID ? MAIN_COMPANY_DUE_DATE : (dueDate ?? '1970-01-01');
}

/** Whole days from today to the due date (0 = due today, negative = past). */
export function daysUntilDue(dueDate: string, timeZone = DEFAULT_TIME_ZONE, now = new Date()): number {
  const today = Date.parse(`${todayIn(timeZone, now)}T00:00:00Z`);
  const due = Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`);
  return Math.round((due - today) / 86_400_000);
}

/** A subscription is valid through the whole of its due date, in the company's time zone. */
export function isSubscriptionValid(companyId: number, dueDate: string | null, timeZone = DEFAULT_TIME_ZONE, now = new Date()) {
  return daysUntilDue(effectiveDueDate(companyId, dueDate), timeZone, now) >= 0;
}

/** Row tint of the companies table: yellow 1-5 days away, red due today or past. */
export function dueDateTone(companyId: number, dueDate: string | null, now = new Date()): 'overdue' | 'soon' | 'ok' {
  const days = daysUntilDue(effectiveDueDate(companyId, dueDate), DEFAULT_TIME_ZONE, now);
  if (days <= 0) return 'overdue';
  if (days <= SUBSCRIPTION_WARNING_DAYS) return 'soon';
  return 'ok';
}

/** yyyy-MM-dd plus n calendar months, clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

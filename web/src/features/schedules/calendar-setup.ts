import { endOfDay, endOfMonth, endOfWeek, format, getDay, parse, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { dateFnsLocalizer, type View } from 'react-big-calendar';

/** react-big-calendar over date-fns, in Portuguese (weeks start on Sunday, as in Brazil). */
export const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'pt-BR': ptBR } });
export const CALENDAR_CULTURE = 'pt-BR';
export const CALENDAR_HEIGHT = 500; // spec 3 §9

/**
 * The range a view shows around `date`, as the list query's [startDate, endDate). The month view
 * also shows the days of the neighbouring weeks; the agenda shows 30 days from `date`.
 */
export function visibleRange(view: View, date: Date): { start: Date; end: Date } {
  if (view === 'month') return { start: startOfWeek(startOfMonth(date)), end: endOfDay(endOfWeek(endOfMonth(date))) };
  if (view === 'week') return { start: startOfWeek(date), end: endOfDay(endOfWeek(date)) };
  if (view === 'day') return { start: startOfDay(date), end: endOfDay(date) };
  return { start: startOfDay(date), end: endOfDay(new Date(date.getTime() + 29 * 86_400_000)) };
}

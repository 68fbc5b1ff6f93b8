import { format, isToday, parseISO } from 'date-fns';

/** dd/MM/yyyy and HH:mm everywhere (spec 1 §9). */
export const formatDate = (value: string | Date) => format(typeof value === 'string' ? parseISO(value) : value, 'dd/MM/yyyy');
export const formatTime = (value: string | Date) => format(typeof value === 'string' ? parseISO(value) : value, 'HH:mm');
/** Ticket-list style: the time if today, else the date. */
export const formatShort = (value: string | Date) => {
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isToday(d) ? format(d, 'HH:mm') : format(d, 'dd/MM/yyyy');
};

/** BRL with two decimals in pt-BR format (plans, invoices). */
export const formatBRL = (amount: string | number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }).format(Number(amount));

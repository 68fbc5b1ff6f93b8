import { formatShort } from '../../../lib/format';

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A row's time, as formatShort writes it (HH:mm today, else dd/MM/yyyy), from the ISO timestamp the
 * API sends. Written out with the Date getters because a row mounts on every step of a fast scroll
 * and date-fns parses and formats through several arrays and regular expressions per call, garbage
 * that the browser then collects in the middle of the scroll. Anything new Date() cannot read goes
 * to formatShort, so odd input looks the same as elsewhere.
 */
export function rowTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return formatShort(value);
  const now = new Date();
  if (d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate()) {
    return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
  }
  return `${twoDigits(d.getDate())}/${twoDigits(d.getMonth() + 1)}/${d.getFullYear()}`;
}

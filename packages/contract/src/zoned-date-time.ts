/**
 * dd/MM/yyyy HH:mm of an instant in a time zone (the company's): the report screen and its Excel export
 * show the same times, whatever the browser's own zone.
 */
export function zonedDateTime(timeZone: string): (iso: string) => string {
  const fmt = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso) => fmt.format(new Date(iso)).replace(',', '');
}

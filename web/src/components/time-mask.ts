/** Types HH:mm as digits: "0830" reads "08:30"; anything but digits is dropped, at most four of them. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

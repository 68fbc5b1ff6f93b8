/**
 * The items of a list-valued query parameter. Existing clients send JSON text (`queueIds=[1,2]`),
 * others repeat the parameter or separate with commas: all three are accepted; empty parts are
 * dropped. The caller's schema validates each item.
 */
export function listItems(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item) => {
    if (typeof item !== 'string') return [item];
    const text = item.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return [text];
      }
    }
    return text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  });
}

import { useEffect, useState } from 'react';

/** Lists search 500 ms after the last key stroke (spec 1 §9, spec 2 §9, spec 3 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** The value once it has stayed the same for `delay` ms (trimmed: spaces alone search nothing new). */
export function useDebounced(value: string, delay = SEARCH_DEBOUNCE_MS) {
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './use-debounced';

/** Spec 1 §5 / §9: searches wait 500 ms after typing and start at 3 characters. */
export const SEARCH_MIN_CHARS = 3;

/**
 * The term a list searches for, from what is typed: settled after 500 ms; 3 or more characters
 * search, an empty box clears the search, and 1 or 2 characters keep the previous term (too short
 * to mean anything, but not a request to see everything again either).
 */
export function useSearchTerm(typed: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const value = typed.trim();
    const timer = setTimeout(() => {
      if (value === '') setTerm('');
      else if (value.length >= SEARCH_MIN_CHARS) setTerm(value);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return term;
}

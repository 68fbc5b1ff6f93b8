import { useEffect } from 'react';
import { toastError } from '../lib/errors';

/** Shows a query's failure once, as the translated error toast. */
export function useErrorToast(query: { isError: boolean; error: unknown }) {
  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);
}

import { useCallback, useState } from 'react';
import { toastError } from '../lib/errors';
import { readFreshRecord } from './FreshRecord';

/**
 * The record a form-plus-table screen is editing, and a key that remounts the form for each record
 * and after every save or clear, so the form always starts from its own default values.
 * A row picked for editing is read again first (`GET {path}/{id}`, as FreshRecord does for dialogs): the
 * table's row may be older than the record, and the form would save it over the newer one.
 */
export function useEditing<T extends { id: number }>(path: string) {
  const [editing, setEditing] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  const edit = useCallback(
    async (row: T) => {
      const fresh = await readFreshRecord<T>(path, row.id).catch((err: unknown) => {
        toastError(err);
        return null;
      });
      if (!fresh) return;
      setEditing(fresh);
      setVersion((v) => v + 1);
    },
    [path],
  );
  const done = useCallback(() => {
    setEditing(null);
    setVersion((v) => v + 1);
  }, []);
  return { editing, formKey: `${editing?.id ?? 'new'}-${version}`, edit, done };
}

import { useCallback, useState } from 'react';

/**
 * The record a form-plus-table screen is editing, and a key that remounts the form for each record
 * and after every save or clear, so the form always starts from its own default values.
 */
export function useEditing<T extends { id: number }>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  const edit = useCallback((row: T) => {
    setEditing(row);
    setVersion((v) => v + 1);
  }, []);
  const done = useCallback(() => {
    setEditing(null);
    setVersion((v) => v + 1);
  }, []);
  return { editing, formKey: `${editing?.id ?? 'new'}-${version}`, edit, done };
}

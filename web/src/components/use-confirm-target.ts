import { useCallback, useState } from 'react';

/**
 * The row a confirmation dialog is about. The row outlives `open` so the dialog's title does not
 * go blank while it fades out.
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback((row: T) => {
    setTarget(row);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { target, open, ask, close };
}

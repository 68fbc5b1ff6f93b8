import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { api } from '../lib/api';
import { toastError } from '../lib/errors';

/** `GET {path}/{id}`: the record as the server has it now. */
export const readFreshRecord = <T,>(path: string, id: string | number) => api.get<T>(`${path}/${encodeURIComponent(String(id))}`);

/**
 * The record an edit dialog opened from a list row works on, read again by id (`GET {path}/{id}`, as the
 * spec's calls do) each time the dialog opens: a row the list holds may be older than the record (an edit the
 * list did not hear of), and a form started from it would save the old values over the newer ones.
 * Never cached: every opening reads anew.
 */
export function useFreshRecord<T extends { id: number }>(path: string, row: T | null, idOf: (row: T) => string | number = (r) => r.id) {
  const id = row ? idOf(row) : undefined;
  return useQuery({
    queryKey: ['fresh-record', path, id],
    queryFn: () => readFreshRecord<T>(path, id ?? ''),
    enabled: id !== undefined,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

interface Props<T extends { id: number }> {
  /** The resource's path without the id ('/queue', '/tags'). */
  path: string;
  /** The list's row; null opens the dialog for a new record, with nothing to read. */
  row: T | null;
  /** What names the record in its path, when not its id (a chat's uuid). */
  idOf?(row: T): string | number;
  /** Called when the record cannot be read (deleted meanwhile, or no longer the caller's): the dialog does not open. */
  onClose(): void;
  /** The dialog, given the record as the server has it now (null for a new one). */
  children(record: T | null): ReactNode;
}

/** One way for every edit dialog to start from the current record: wraps the dialog, which mounts once the read is back. */
export function FreshRecord<T extends { id: number }>({ path, row, idOf, onClose, children }: Props<T>) {
  const fresh = useFreshRecord(path, row, idOf);
  useEffect(() => {
    if (!fresh.isError) return;
    toastError(fresh.error);
    onClose();
  }, [fresh.isError, fresh.error, onClose]);

  if (row === null) return children(null);
  if (fresh.data) return children(fresh.data);
  if (fresh.isError) return null;
  return (
    <Dialog open onClose={onClose} aria-busy="true" data-testid="fresh-record-loading">
      <DialogContent>
        <CircularProgress size={24} />
      </DialogContent>
    </Dialog>
  );
}

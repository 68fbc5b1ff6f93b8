import type { CompanyEvents, ContactImportRowsInput, ContactImportStarted } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { contactKeys } from '../hooks/use-contacts';

type ImportEvent = CompanyEvents['contactImport'];

export interface ImportProgress {
  status: 'idle' | 'running' | 'done';
  total: number;
  /** Contacts handled so far, as the last progress message said (the server reports every 5). */
  done: number;
  created: number;
  ignored: number;
}

const IDLE: ImportProgress = { status: 'idle', total: 0, done: 0, created: 0, ignored: 0 };

const fromEvent = (e: ImportEvent): ImportProgress => ({
  status: e.action === 'done' ? 'done' : 'running',
  total: e.total,
  done: e.done,
  created: e.created,
  ignored: e.ignored,
});

/**
 * The batch import (POST /contacts/import/rows): the server's job paces the contacts (one per 330 ms,
 * spec 2 §9) and reports over company-{id}-contactImport every 5 contacts, then the summary. Events of
 * this import may arrive before its POST answers with the id, so they are held until then.
 */
export function useContactImport() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress>(IDLE);
  const importId = useRef<string | null>(null);
  const waiting = useRef(false);
  const early = useRef(new Map<string, ImportEvent>());

  const apply = useCallback(
    (e: ImportEvent) => {
      setProgress((p) => (p.status === 'done' || (p.status === 'running' && e.done < p.done && e.action !== 'done') ? p : fromEvent(e)));
      if (e.action === 'done') void qc.invalidateQueries({ queryKey: contactKeys.lists() });
    },
    [qc],
  );

  useCompanyEvent('contactImport', (e) => {
    if (e.importId === importId.current) apply(e);
    else if (waiting.current) early.current.set(e.importId, e); // the latest event of each import
  });

  const run = useCallback(
    async (request: ContactImportRowsInput) => {
      importId.current = null;
      early.current.clear();
      waiting.current = true;
      setProgress({ ...IDLE, status: 'running', total: request.rows.length });
      try {
        const started = await api.post<ContactImportStarted>('/contacts/import/rows', request);
        importId.current = started.importId;
        setProgress((p) => ({ ...p, total: started.total }));
        const seen = early.current.get(started.importId);
        if (seen) apply(seen);
      } catch (err) {
        toastError(err);
        setProgress(IDLE);
      } finally {
        waiting.current = false;
        early.current.clear();
      }
    },
    [apply],
  );

  const reset = useCallback(() => {
    importId.current = null;
    setProgress(IDLE);
  }, []);

  return { progress, run, reset };
}

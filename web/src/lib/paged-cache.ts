import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** A page of a paged list: the rows live under one field (contacts, tags, records), plus hasMore. */
export type Page<K extends string, T> = { [F in K]: T[] } & { hasMore: boolean; count?: number };

interface Options<T, K extends string, F> {
  /** The page field that holds the rows. */
  field: K;
  /** Prefix shared by every cached list of the feature (each list's key adds its filters). */
  listsKey: QueryKey;
  /** The filters a cached list was fetched with, read back from its key. */
  filtersOf(key: QueryKey): F;
  /** Mirrors the server's filter, so a realtime row only lands in the lists it belongs to. */
  matches(item: T, filters: F): boolean;
  /** Mirrors the server's order, so an inserted row lands where a refetch would put it. */
  compare(a: T, b: T): number;
}

/**
 * Edits every cached page of a feature's infinite lists in place (saves and realtime events): the
 * lists are never refetched whole (STYLE "The web side mirrors the server").
 */
export function pagedCache<T extends { id: number }, K extends string, F>(opts: Options<T, K, F>) {
  type Pages = InfiniteData<Page<K, T>, number>;
  const rows = (p: Page<K, T>) => p[opts.field] as T[];
  const withRows = (p: Page<K, T>, list: T[], delta: number): Page<K, T> => ({
    ...p,
    [opts.field]: list,
    ...(typeof p.count === 'number' ? { count: Math.max(0, p.count + delta) } : {}),
  });

  function removeFrom(data: Pages, id: number): Pages {
    if (!data.pages.some((p) => rows(p).some((r) => r.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((p) =>
        withRows(
          p,
          rows(p).filter((r) => r.id !== id),
          -1,
        ),
      ),
    };
  }

  function upsertIn(data: Pages, item: T, filters: F): Pages {
    const base = removeFrom(data, item.id);
    if (!opts.matches(item, filters)) return base;
    const pages = base.pages.map((p) => withRows(p, rows(p), 1));
    for (let i = 0; i < pages.length; i++) {
      const list = rows(pages[i]);
      const at = list.findIndex((r) => opts.compare(item, r) < 0);
      if (at >= 0) {
        pages[i] = withRows(pages[i], [...list.slice(0, at), item, ...list.slice(at)], 0);
        return { ...base, pages };
      }
    }
    // Past the last loaded row: shown now only when nothing is left to load, else it comes with its page.
    const last = pages.length - 1;
    if (last >= 0 && !pages[last].hasMore) pages[last] = withRows(pages[last], [...rows(pages[last]), item], 0);
    return { ...base, pages };
  }

  return {
    upsert(qc: QueryClient, item: T) {
      for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: opts.listsKey })) {
        if (data?.pages) qc.setQueryData<Pages>(key, upsertIn(data, item, opts.filtersOf(key)));
      }
    },
    remove(qc: QueryClient, id: number) {
      for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: opts.listsKey })) {
        if (data?.pages) qc.setQueryData<Pages>(key, removeFrom(data, id));
      }
    },
    /** Changes rows in place (a tag renamed inside contact rows, a count that moved). */
    patch(qc: QueryClient, fn: (item: T) => T) {
      qc.setQueriesData<Pages>(
        { queryKey: opts.listsKey },
        (data) => data?.pages && { ...data, pages: data.pages.map((p) => withRows(p, rows(p).map(fn), 0)) },
      );
    },
  };
}

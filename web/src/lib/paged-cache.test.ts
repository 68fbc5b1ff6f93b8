import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { type Page, pagedCache } from './paged-cache';

interface Row {
  id: number;
  name: string;
}
type Pages = InfiniteData<Page<'rows', Row>, number>;

const cache = pagedCache<Row, 'rows', string>({
  field: 'rows',
  listsKey: ['rows', 'list'],
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (r, term) => r.name.toLowerCase().includes(term),
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});
const seed = (qc: QueryClient, term: string, pages: Page<'rows', Row>[]) =>
  qc.setQueryData<Pages>(['rows', 'list', term], { pages, pageParams: pages.map((_, i) => i + 1) });
const names = (qc: QueryClient, term = '') =>
  qc.getQueryData<Pages>(['rows', 'list', term])!.pages.flatMap((p) => p.rows.map((r) => r.name));
const count = (qc: QueryClient, term = '') => qc.getQueryData<Pages>(['rows', 'list', term])!.pages[0].count;

describe('pagedCache', () => {
  test('an insert lands in order, counts once, and an echo of the same row changes nothing', () => {
    const qc = new QueryClient();
    seed(qc, '', [
      {
        rows: [
          { id: 1, name: 'Ana' },
          { id: 2, name: 'Carla' },
        ],
        count: 2,
        hasMore: false,
      },
    ]);
    cache.upsert(qc, { id: 3, name: 'Bruno' });
    cache.upsert(qc, { id: 3, name: 'Bruno' });
    expect(names(qc)).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(count(qc)).toBe(3);
  });

  test('a row past the loaded pages waits for its page; a search list only takes matches', () => {
    const qc = new QueryClient();
    seed(qc, '', [{ rows: [{ id: 1, name: 'Ana' }], count: 9, hasMore: true }]);
    seed(qc, 'car', [{ rows: [{ id: 2, name: 'Carla' }], count: 1, hasMore: false }]);
    cache.upsert(qc, { id: 5, name: 'Zeca' });
    expect(names(qc)).toEqual(['Ana']);
    expect(count(qc)).toBe(10);
    expect(names(qc, 'car')).toEqual(['Carla']);
  });

  test('a rename that leaves the loaded range keeps the count; a delete drops it', () => {
    const qc = new QueryClient();
    seed(qc, '', [
      {
        rows: [
          { id: 1, name: 'Ana' },
          { id: 2, name: 'Bia' },
        ],
        count: 5,
        hasMore: true,
      },
    ]);
    cache.upsert(qc, { id: 1, name: 'Zilda' });
    expect(names(qc)).toEqual(['Bia']);
    expect(count(qc)).toBe(5);
    cache.remove(qc, 2);
    expect(names(qc)).toEqual([]);
    expect(count(qc)).toBe(4);
  });
});

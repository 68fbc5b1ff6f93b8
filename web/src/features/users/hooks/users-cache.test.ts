import type { UserPage, UserView } from '@chatflow/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { userKeys } from './use-users';
import { patchUsersQueue, removeUser, upsertUser } from './users-cache';

const user = (id: number, name: string, over: Partial<UserView> = {}) =>
  ({ id, name, email: `${name.toLowerCase()}@acme.com`, queues: [], ...over }) as UserView;
type Pages = InfiniteData<UserPage, number>;

function seed(qc: QueryClient, search: string, pages: UserPage[]) {
  qc.setQueryData<Pages>(userKeys.list(search), { pages, pageParams: pages.map((_, i) => i + 1) });
}
const names = (qc: QueryClient, search = '') =>
  qc.getQueryData<Pages>(userKeys.list(search))!.pages.flatMap((p) => p.users.map((u) => u.name));
const count = (qc: QueryClient, search = '') => qc.getQueryData<Pages>(userKeys.list(search))!.pages[0].count;

describe('users cache (realtime and saves)', () => {
  test('a created user is inserted where its name sorts and the count grows', () => {
    const qc = new QueryClient();
    seed(qc, '', [{ users: [user(1, 'Ana'), user(2, 'Carla')], count: 2, hasMore: false }]);
    upsertUser(qc, user(3, 'Bruno'));
    expect(names(qc)).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(count(qc)).toBe(3);
    upsertUser(qc, user(3, 'Bruno')); // the realtime echo of the same save changes nothing
    expect(count(qc)).toBe(3);
  });

  test('a user past the loaded rows waits for its page; a search list only takes matches', () => {
    const qc = new QueryClient();
    seed(qc, '', [{ users: [user(1, 'Ana')], count: 5, hasMore: true }]);
    seed(qc, 'car', [{ users: [user(2, 'Carla')], count: 1, hasMore: false }]);
    upsertUser(qc, user(9, 'Zeca'));
    expect(names(qc)).toEqual(['Ana']);
    expect(count(qc)).toBe(6);
    expect(names(qc, 'car')).toEqual(['Carla']);
    upsertUser(qc, user(10, 'Oscar'));
    expect(names(qc, 'car')).toEqual(['Carla', 'Oscar']);
  });

  test('a rename moves the row, a delete removes it, a queue change updates the chips', () => {
    const qc = new QueryClient();
    const vendas = { id: 4, name: 'Vendas', color: '#f00' };
    seed(qc, '', [{ users: [user(1, 'Ana', { queues: [vendas] }), user(2, 'Carla')], count: 2, hasMore: false }]);
    upsertUser(qc, user(1, 'Zilda', { queues: [vendas] }));
    expect(names(qc)).toEqual(['Carla', 'Zilda']);
    expect(count(qc)).toBe(2);
    patchUsersQueue(qc, { queue: { ...vendas, name: 'Comercial', color: '#0f0' } as never });
    expect(qc.getQueryData<Pages>(userKeys.list(''))!.pages[0].users[1].queues).toEqual([{ id: 4, name: 'Comercial', color: '#0f0' }]);
    patchUsersQueue(qc, { queueId: 4 });
    expect(qc.getQueryData<Pages>(userKeys.list(''))!.pages[0].users[1].queues).toEqual([]);
    removeUser(qc, 2);
    expect(names(qc)).toEqual(['Zilda']);
    expect(count(qc)).toBe(1);
  });
});

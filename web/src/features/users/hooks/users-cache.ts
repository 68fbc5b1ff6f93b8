import type { QueueView, UserPage, UserView } from '@chatflow/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { userKeys } from './use-users';

type Pages = InfiniteData<UserPage, number>;

/** The server lists by name, then id; the cache keeps that order when it inserts a user. */
const byName = (a: UserView, b: UserView) => a.name.localeCompare(b.name) || a.id - b.id;

/** Mirrors the server's search (name or e-mail contains the term, any case). */
const matches = (user: UserView, term: string) => {
  const needle = term.trim().toLowerCase();
  return !needle || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

const searchOf = (key: readonly unknown[]) => String(key[2] ?? '');

function upsertInPages(data: Pages, user: UserView, term: string): Pages {
  // A changed user is taken out and put back where its (maybe new) name sorts; a rename can also
  // take it out of the search's results.
  const base = removeFromPages(data, user.id);
  if (!matches(user, term)) return base;
  const pages = base.pages.map((p) => ({ ...p, count: p.count + 1 }));
  for (const page of pages) {
    const at = page.users.findIndex((u) => byName(user, u) < 0);
    if (at >= 0) {
      page.users = [...page.users.slice(0, at), user, ...page.users.slice(at)];
      return { ...base, pages };
    }
  }
  // Past the last loaded row: shown now only if nothing is left to load, else it comes with its page.
  const last = pages.at(-1);
  if (last && !last.hasMore) last.users = [...last.users, user];
  return { ...base, pages };
}

function removeFromPages(data: Pages, userId: number): Pages {
  if (!data.pages.some((p) => p.users.some((u) => u.id === userId))) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, count: Math.max(0, p.count - 1), users: p.users.filter((u) => u.id !== userId) })),
  };
}

/** A created or changed user goes into every cached list it belongs in, and its detail entry. */
export function upsertUser(qc: QueryClient, user: UserView) {
  for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: userKeys.lists() })) {
    if (data) qc.setQueryData<Pages>(key, upsertInPages(data, user, searchOf(key)));
  }
  qc.setQueryData(userKeys.detail(user.id), user);
}

export function removeUser(qc: QueryClient, userId: number) {
  for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: userKeys.lists() })) {
    if (data) qc.setQueryData<Pages>(key, removeFromPages(data, userId));
  }
  qc.removeQueries({ queryKey: userKeys.detail(userId) });
}

/** The queue chips of the users table follow a queue's rename, recolour or removal. */
export function patchUsersQueue(qc: QueryClient, change: { queue: QueueView } | { queueId: number }) {
  const id = 'queue' in change ? change.queue.id : change.queueId;
  const patch = (u: UserView): UserView => {
    if (!u.queues.some((q) => q.id === id)) return u;
    const queues =
      'queue' in change
        ? u.queues.map((q) => (q.id === id ? { id, name: change.queue.name, color: change.queue.color } : q))
        : u.queues.filter((q) => q.id !== id);
    return { ...u, queues };
  };
  qc.setQueriesData<Pages>(
    { queryKey: userKeys.lists() },
    (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.map(patch) })) },
  );
}

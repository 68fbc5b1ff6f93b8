import { useCallback, useEffect, useState } from 'react';

/** A to-do item (spec 3 §3): kept only in this browser, for the user signed in. */
export interface Todo {
  text: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The localStorage key of one user's list: people sharing a browser (a shared desk) each have their own.
 * The list kept under the old shared key 'todos' is nobody's in particular, so it is left alone.
 */
export const todosKey = (userId: number) => `todos:${userId}`;

function read(key: string): Todo[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (x): x is Todo => !!x && typeof x.text === 'string' && typeof x.createdAt === 'string' && typeof x.updatedAt === 'string',
        )
      : [];
  } catch {
    return []; // a list another version left unreadable starts over rather than breaking the page
  }
}

/**
 * The to-do list in localStorage: add, edit, delete; blank text is ignored (spec 3 §5). Another tab's
 * changes arrive through the storage event.
 */
export function useTodos(userId: number, now: () => Date = () => new Date()) {
  const key = todosKey(userId);
  const [todos, setTodos] = useState<Todo[]>(() => read(key));

  useEffect(() => {
    setTodos(read(key));
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setTodos(read(key));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);

  const keep = useCallback(
    (next: Todo[]) => {
      localStorage.setItem(key, JSON.stringify(next));
      setTodos(next);
    },
    [key],
  );

  const add = (text: string) => {
    const clean = text.trim();
    if (!clean) return false;
    const at = now().toISOString();
    keep([...read(key), { text: clean, createdAt: at, updatedAt: at }]);
    return true;
  };
  const edit = (index: number, text: string) => {
    const clean = text.trim();
    const list = read(key);
    if (!clean || !list[index]) return false;
    list[index] = { ...list[index], text: clean, updatedAt: now().toISOString() };
    keep(list);
    return true;
  };
  const remove = (index: number) => keep(read(key).filter((_, i) => i !== index));

  return { todos, add, edit, remove };
}

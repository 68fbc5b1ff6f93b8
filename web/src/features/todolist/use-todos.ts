import { useCallback, useEffect, useState } from 'react';

/** A to-do item (spec 3 §3): kept only in this browser. */
export interface Todo {
  text: string;
  createdAt: string;
  updatedAt: string;
}

/** The localStorage key the list is kept under. */
export const TODOS_KEY = 'todos';

function read(): Todo[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TODOS_KEY) ?? '[]');
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
export function useTodos(now: () => Date = () => new Date()) {
  const [todos, setTodos] = useState<Todo[]>(read);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === TODOS_KEY) setTodos(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const keep = useCallback((next: Todo[]) => {
    localStorage.setItem(TODOS_KEY, JSON.stringify(next));
    setTodos(next);
  }, []);

  const add = (text: string) => {
    const clean = text.trim();
    if (!clean) return false;
    const at = now().toISOString();
    keep([...read(), { text: clean, createdAt: at, updatedAt: at }]);
    return true;
  };
  const edit = (index: number, text: string) => {
    const clean = text.trim();
    const list = read();
    if (!clean || !list[index]) return false;
    list[index] = { ...list[index], text: clean, updatedAt: now().toISOString() };
    keep(list);
    return true;
  };
  const remove = (index: number) => keep(read().filter((_, i) => i !== index));

  return { todos, add, edit, remove };
}

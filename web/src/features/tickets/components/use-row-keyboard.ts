import { type FocusEvent, type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { ROW } from './ticket-row-styles';

/** The attribute of a row's slot that says which row (index in the list) it holds. */
export const ROW_INDEX_ATTR = 'data-row-index';

const indexOf = (el: Element | null) => {
  const slot = el?.closest(`[${ROW_INDEX_ATTR}]`);
  return slot ? Number(slot.getAttribute(ROW_INDEX_ATTR)) : null;
};

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i) => i + 1,
  ArrowUp: (i) => i - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
  PageDown: (i) => i + 10,
  PageUp: (i) => i - 10,
};

/**
 * The ticket list as one tab stop with arrow keys (a roving tabindex). The list recycles its rows
 * (row-slots.ts), so their order in the DOM is not the list's order and Tab alone would jump about:
 * instead one row holds the tab stop (the last one focused, or the first in view once that one has
 * scrolled away), ArrowUp / ArrowDown / PageUp / PageDown / Home / End move the focus along the list
 * (scrolling to the row first when it is not rendered), and Enter opens the focused ticket.
 * The focus stays with its ticket: when the focused row's slot takes another ticket (the list scrolled
 * under the focus, or a new message moved tickets), the ticket's row takes the focus back if it is
 * rendered, and the list itself takes it otherwise, so Enter never opens a ticket the user did not pick.
 */
export function useRowKeyboard({
  count,
  container,
  scrollToIndex,
}: {
  count: number;
  container: RefObject<HTMLUListElement | null>;
  scrollToIndex(index: number): void;
}) {
  const [active, setActive] = useState<number | null>(null);
  // The focused row's ticket (data-ticket-id), to notice its slot taking another ticket.
  const activeTicket = useRef<string | null>(null);
  const pendingFocus = useRef<number | null>(null);

  // After every render (each scroll step too: a querySelector at most, only while the list has focus).
  useLayoutEffect(() => {
    const box = container.current;
    if (!box) return;
    if (pendingFocus.current !== null) {
      const row = box.querySelector<HTMLElement>(`[${ROW_INDEX_ATTR}="${pendingFocus.current}"] .${ROW.row}`);
      if (row) {
        pendingFocus.current = null;
        row.focus({ preventScroll: true });
      }
      return;
    }
    const focused = document.activeElement;
    if (!focused || focused === box || !box.contains(focused)) return;
    if (focused.closest<HTMLElement>(`.${ROW.row}`)?.dataset.ticketId === activeTicket.current) return;
    const own = box.querySelector<HTMLElement>(`.${ROW.row}[data-ticket-id="${activeTicket.current}"]`);
    (own ?? box).focus({ preventScroll: true });
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    pendingFocus.current = next;
    scrollToIndex(next);
  };

  return {
    /** The row holding the tab stop, among the rendered ones (first in view when the active one is not rendered). */
    tabStop(rendered: (index: number) => boolean, firstInView: number): number {
      return active !== null && rendered(active) ? active : firstInView;
    },
    onFocus(e: FocusEvent<HTMLUListElement>) {
      // A row, or a button of a row: that row becomes the active one.
      const row = (e.target as HTMLElement).closest<HTMLElement>(`.${ROW.row}`);
      if (!row) return;
      activeTicket.current = row.dataset.ticketId ?? null;
      const index = indexOf(row);
      if (index !== null && index !== active) setActive(index);
    },
    onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
      const step = STEPS[e.key];
      const target = e.target as HTMLElement;
      if (!step || count === 0) return;
      // From a row: along the list. From the list itself (its row scrolled away): to the first row in view.
      if (target === e.currentTarget) moveTo(Number(target.dataset.firstInView ?? 0));
      else if (target.classList.contains(ROW.row)) moveTo(step(indexOf(target) ?? 0, count));
      else return;
      e.preventDefault();
    },
  };
}

import { useCallback, useState } from 'react';

const KEY = 'ticketsManagerWidth';
export const LIST_WIDTH = { min: 340, max: 680, initial: 440 } as const;

const clamp = (w: number) => Math.min(LIST_WIDTH.max, Math.max(LIST_WIDTH.min, Math.round(w)));

function stored(): number {
  const value = Number(localStorage.getItem(KEY));
  return Number.isFinite(value) && value > 0 ? clamp(value) : LIST_WIDTH.initial;
}

/**
 * The list's width on a wide screen: dragged with the handle between the panes, kept in the browser.
 * The bounds keep both the list's toolbar and the conversation usable.
 */
export function useResizableWidth() {
  const [width, setWidth] = useState(stored);
  const startDrag = useCallback(
    (event: React.PointerEvent) => {
      event.preventDefault();
      const startX = event.clientX;
      const startWidth = width;
      let latest = startWidth;
      const move = (e: PointerEvent) => {
        latest = clamp(startWidth + e.clientX - startX);
        setWidth(latest);
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        localStorage.setItem(KEY, String(latest));
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    },
    [width],
  );
  return { width, startDrag };
}

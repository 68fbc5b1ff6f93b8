import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Older messages load when the scroll is within 50 px of the top (spec 1 §2.6, §9). */
export const LOAD_OLDER_THRESHOLD_PX = 50;
/** Closer than this to the bottom, new messages keep the view pinned to the end. */
const STICK_PX = 120;

interface Args {
  firstId: number | undefined;
  lastId: number | undefined;
  lastFromMe: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): unknown;
}

/**
 * Scroll behaviour of a chat: start at the bottom, follow new messages while the reader is at the
 * bottom (or wrote them), and keep the same message in view when older ones are put above it.
 */
export function useScrollAnchor(
  ref: RefObject<HTMLDivElement | null>,
  { firstId, lastId, lastFromMe, hasOlder, loadingOlder, loadOlder }: Args,
) {
  const atBottom = useRef(true);
  /** Distance from the bottom saved when older messages were asked for. */
  const fromBottom = useRef<number | null>(null);
  const prev = useRef<{ first?: number; last?: number }>({});

  const toBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [ref]);

  useLayoutEffect(() => {
    const el = ref.current;
    const before = prev.current;
    prev.current = { first: firstId, last: lastId };
    if (!el || lastId === undefined) return;
    if (before.last === undefined) return toBottom();
    if (firstId !== before.first && fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
    if (lastId !== before.last && (atBottom.current || lastFromMe)) toBottom();
  }, [firstId, lastId, lastFromMe, ref, toBottom]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasOlder && !loadingOlder) {
      fromBottom.current = el.scrollHeight - el.scrollTop;
      void loadOlder();
    }
  }, [ref, hasOlder, loadingOlder, loadOlder]);

  // Rows get their real height after the first paint (images and videos load, rows skipped by
  // content-visibility are laid out): whoever was at the bottom stays there.
  useEffect(() => {
    const el = ref.current;
    const content = el?.firstElementChild;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) toBottom();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [ref, toBottom]);

  // A first page too short to scroll would never trigger loading the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the oldest message changes
  useEffect(() => {
    const el = ref.current;
    if (!el || el.scrollHeight > el.clientHeight || !hasOlder || loadingOlder) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    void loadOlder();
  }, [firstId, hasOlder, loadingOlder]);

  return { onScroll, toBottom };
}

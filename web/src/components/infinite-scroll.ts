import { useCallback, useEffect, useRef } from 'react';

/** Lists load their next page when the scroll is within this distance of the bottom (spec 2 §9). */
export const LOAD_MORE_THRESHOLD_PX = 100;

interface InfiniteState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * Wires a scrolling box to a `useInfiniteQuery`: put `ref` and `onScroll` on the box. It also checks
 * after every change of `itemCount`, because a first page shorter than the box has no scrollbar and
 * would otherwise never ask for the second page.
 */
export function useLoadMoreOnScroll<E extends HTMLElement = HTMLDivElement>(query: InfiniteState, itemCount: number) {
  const ref = useRef<E>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_THRESHOLD_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: itemCount is the trigger, not an input
  useEffect(onScroll, [onScroll, itemCount]);

  return { ref, onScroll };
}

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { Virtualizer, VirtualItem } from '@tanstack/react-virtual';

/** Where the reader is: the item at the top of the viewport, and how far into it the viewport's top edge is. */
interface Anchor {
  key: VirtualItem['key'];
  into: number;
}

/** The item the viewport's top edge is in, by binary search over the measured starts (the list may be long). */
function itemAt(items: readonly VirtualItem[], offset: number): VirtualItem | undefined {
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((items[middle] as VirtualItem).end <= offset) low = middle + 1;
    else high = middle;
  }
  return items[low];
}

/**
 * Nothing under the reader's eye moves (docs/screens.md, "Nothing moves"): when the list changes (posts put in front,
 * a first page refreshed after a write, a post gone), the item at the top of the viewport stays where it was on
 * screen. The window virtualizer places items by offsets, which the browser's own scroll anchoring does not follow;
 * items that change height above the viewport are the virtualizer's own adjustment. Only a reader inside the list is
 * held: one at the top of the page (the composer in view) sees what comes in at the top, their own new post first.
 */
export function useScrollAnchor<T>(
  virtualizer: Virtualizer<Window, Element>,
  items: readonly T[],
  getKey: (item: T) => string,
): void {
  const anchor = useRef<Anchor | null>(null);
  const shown = useRef(items);

  const note = useCallback(() => {
    const offset = window.scrollY;
    const item = itemAt(virtualizer.measurementsCache, offset);
    anchor.current = item && offset > item.start ? { key: item.key, into: offset - item.start } : null;
  }, [virtualizer]);

  useLayoutEffect(() => {
    if (shown.current !== items) {
      shown.current = items;
      const held = anchor.current;
      const index = held ? items.findIndex((item) => getKey(item) === held.key) : -1;
      const item = virtualizer.measurementsCache[index];
      if (held && item) {
        const top = item.start + held.into;
        if (Math.abs(top - window.scrollY) >= 0.5) window.scrollTo({ top, behavior: 'instant' });
      }
    }
    note();
  });

  useEffect(() => {
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, [note]);
}

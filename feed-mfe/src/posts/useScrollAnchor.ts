import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Virtualizer, VirtualItem } from '@tanstack/react-virtual';

/**
 * Where the item with a key is in a list, looked up once per list and key: the window asks on every scroll, and a
 * list may hold thousands of items. Items are followed by key, since posts put in front move every index.
 */
export class KeyedIndex {
  private found: { items: readonly unknown[]; key: VirtualItem['key']; index: number } | null = null;

  /** The place of the item keyed `key` in `items`; -1 when `key` is null or no item has it. */
  of<T>(items: readonly T[], getKey: (item: T) => string, key: VirtualItem['key'] | null): number {
    if (key === null) return -1;
    if (this.found?.items !== items || this.found.key !== key)
      this.found = { items, key, index: items.findIndex((item) => getKey(item) === key) };
    return this.found.index;
  }
}

/**
 * Where the reader is: the item at the top of the viewport, and how far into it the viewport's top edge is; and where
 * that item is in the list the window renders now.
 */
export class ScrollAnchor {
  key: VirtualItem['key'] | null = null;
  into = 0;
  /** The held item's place in the list when it was noted. */
  index = -1;
  private readonly found = new KeyedIndex();

  /** The held item's place in `items`, -1 when none is held or it is gone. */
  indexIn<T>(items: readonly T[], getKey: (item: T) => string): number {
    return this.found.of(items, getKey, this.key);
  }

  hold(item: VirtualItem | undefined, offset: number): void {
    const inside = item !== undefined && offset > item.start;
    this.key = inside ? item.key : null;
    this.into = inside ? offset - item.start : 0;
    this.index = inside ? item.index : -1;
  }

  /**
   * How far the held item moved in the list since it was noted (posts put in front of it): the window's range, still
   * reckoned from the scroll before the list changed, is moved by as much, so that the items the reader sees stay
   * rendered (the same nodes, and what was typed in them) while the scroll follows.
   */
  movedIn<T>(items: readonly T[], getKey: (item: T) => string): number {
    const index = this.indexIn(items, getKey);
    return index < 0 || this.index < 0 ? 0 : index - this.index;
  }
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

/** Notes the item at the top of the viewport now. */
const hold = (anchor: ScrollAnchor, virtualizer: Virtualizer<Window, Element>) =>
  anchor.hold(itemAt(virtualizer.measurementsCache, window.scrollY), window.scrollY);

/**
 * Nothing under the reader's eye moves (docs/screens.md, "Nothing moves"): when the list changes (posts put in front,
 * a first page refreshed after a write, a post gone), the item at the top of the viewport stays where it was on
 * screen. The window virtualizer places items by offsets, which the browser's own scroll anchoring does not follow;
 * items that change height above the viewport are the virtualizer's own adjustment. The window keeps the held item
 * rendered meanwhile (`ScrollAnchor.indexIn`, read by the range), so its node, and what the reader typed in it, stay.
 * Only a reader inside the list is held: one at the top of the page (the composer in view) sees what comes in at the
 * top, their own new post first.
 */
export function useScrollAnchor<T>(
  anchor: RefObject<ScrollAnchor>,
  virtualizer: Virtualizer<Window, Element>,
  items: readonly T[],
  getKey: (item: T) => string,
): void {
  const shown = useRef(items);

  useLayoutEffect(() => {
    if (shown.current !== items) {
      shown.current = items;
      // A reader above the list (at the page's top) sees what comes in at the top: nothing is held for them.
      const inList = window.scrollY > virtualizer.options.scrollMargin;
      const item = inList ? virtualizer.measurementsCache[anchor.current.indexIn(items, getKey)] : undefined;
      if (item) {
        const top = item.start + anchor.current.into;
        if (Math.abs(top - window.scrollY) >= 0.5) window.scrollTo({ top, behavior: 'instant' });
      }
    }
    hold(anchor.current, virtualizer);
  });

  useEffect(() => {
    const note = () => hold(anchor.current, virtualizer);
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, [anchor, virtualizer]);
}

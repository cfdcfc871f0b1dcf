import { describe, expect, it } from 'vitest';
import type { VirtualItem } from '@tanstack/react-virtual';
import { ScrollAnchor } from './useScrollAnchor';

const items = ['a', 'b', 'c', 'd', 'e'];
const key = (item: string) => item;
/** The window's item at `index` of `items`, 100 px each. */
const at = (index: number): VirtualItem => ({
  key: items[index] as string,
  index,
  start: index * 100,
  end: index * 100 + 100,
  size: 100,
  lane: 0,
});

describe('ScrollAnchor', () => {
  it('finds the item it holds now in the same list, after holding another', () => {
    const anchor = new ScrollAnchor();
    anchor.hold(at(1), 150);
    expect(anchor.indexIn(items, key)).toBe(1);
    // The reader scrolled on: the list is the same array, the held item is another.
    anchor.hold(at(3), 350);
    expect(anchor.indexIn(items, key)).toBe(3);
    expect(anchor.movedIn(items, key)).toBe(0);
  });

  it('tells how far the held item moved when items were put in front of it', () => {
    const anchor = new ScrollAnchor();
    anchor.hold(at(2), 230);
    expect(anchor.into).toBe(30);
    expect(anchor.movedIn(['x', 'y', ...items], key)).toBe(2);
    expect(anchor.indexIn(['a', 'b'], key)).toBe(-1);
  });
});

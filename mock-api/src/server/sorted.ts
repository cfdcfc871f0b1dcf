/**
 * A list kept in order by binary-search insertion: Murmur's own small index (no dependency ships to the browser).
 * Insert and remove cost a binary search plus one array move; reading a page after a position costs the page.
 */
export type Compare<T> = (a: T, b: T) => number;

/** K is the part of an entry the order reads, so a page can start at a position that is no longer in the list. */
export class SortedList<K, T extends K = K> {
  private items: T[] = [];

  constructor(private readonly compare: Compare<K>) {}

  get size(): number {
    return this.items.length;
  }

  /** Replaces the contents with entries already in this list's order (bulk loads sort once, elsewhere). */
  loadSorted(items: T[]): void {
    this.items = items;
  }

  insert(item: T): void {
    this.items.splice(
      this.search((other) => this.compare(other, item) >= 0),
      0,
      item,
    );
  }

  /** Removes the entry that compares equal to `item` (entries are told apart by a unique tie breaker). */
  remove(item: T): void {
    const index = this.search((other) => this.compare(other, item) >= 0);
    if (index < this.items.length && this.compare(this.items[index] as T, item) === 0) this.items.splice(index, 1);
  }

  /** How many entries come before `position` in the order (it need not be in the list). */
  positionOf(position: K): number {
    return this.search((item) => this.compare(item, position) >= 0);
  }

  values(): readonly T[] {
    return this.items;
  }

  /**
   * Up to `limit` entries strictly after `position` in the order (from the start without one), and whether more follow.
   */
  page(limit: number, position: K | null): { items: T[]; more: boolean } {
    const start = position === null ? 0 : this.search((item) => this.compare(item, position) > 0);
    const items = this.items.slice(start, start + limit);
    return { items, more: start + limit < this.items.length };
  }

  /** The first index whose entry satisfies a predicate that is false then true along the list. */
  private search(isAtOrAfter: (item: T) => boolean): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isAtOrAfter(this.items[middle] as T)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

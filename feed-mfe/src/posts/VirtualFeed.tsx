import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import type { FeedPosition } from './feedArticle';
import { KeyedIndex, ScrollAnchor, useScrollAnchor } from './useScrollAnchor';

/** How the feed pages: the caller holds the items loaded so far and fetches the next page when asked. */
export interface FeedPaging {
  /** More items exist beyond those given. */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** Fetch the next page; called once per length of the list, when the rendered window nears its end. */
  onLoadMore: () => void;
  /** The number of items in all pages, when the back end tells it. */
  total?: number;
}

export interface VirtualFeedProps<T> extends FeedPaging {
  items: readonly T[];
  /** A stable key per item, so measured heights follow the item when the list changes. */
  getKey: (item: T) => string;
  /** The item's article; it must carry the position's aria attributes and tabIndex -1 (see `feedArticleProps`). */
  renderItem: (item: T, position: FeedPosition) => ReactNode;
  /** Names the feed for assistive technology, e.g. "Posts". */
  label: string;
  /** The feed element, e.g. to take focus after an item is deleted. */
  feedRef?: RefObject<HTMLDivElement | null>;
  /**
   * The item that should take focus once the list starts with it (a new object each time it is asked): the caller put
   * new items in front and took the page to its top.
   */
  focusFirst?: { key: string };
}

/** A first guess at a card's height before it is measured: a short post with its two comments. */
const ESTIMATED_HEIGHT = 260;
/** Items rendered beyond each edge of the window, so Page Down usually finds the next article already there. */
const OVERSCAN = 3;
/** Ask for the next page when the window is this close (in items) to the last one loaded. */
const LOAD_AHEAD = 5;

const articleAt = (feed: HTMLElement | null, index: number) =>
  feed?.querySelector<HTMLElement>(`[data-index="${index}"] article`) ?? null;

/** What the keyboard can focus (Tab's stops), for Control+Home. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  '[tabindex]:not([tabindex="-1"])';

/**
 * The feed pattern's Control+Home: focus to the focusable element just before the feed (on the news feed, the
 * floating "N new posts" while it shows). Focus moves without scrolling when that element is wholly on screen, and
 * brings it into view otherwise. Answers whether anything took focus.
 */
function focusBefore(feed: HTMLElement): boolean {
  const before = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (node) =>
      feed.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING &&
      !node.contains(feed) &&
      !node.closest('[inert], [hidden], [aria-hidden="true"]'),
  );
  // One that cannot take focus (not rendered, say) is passed over for the one before it.
  for (const node of before.reverse()) {
    node.focus({ preventScroll: true });
    if (document.activeElement !== node) continue;
    const { top, bottom } = node.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) node.scrollIntoView({ block: 'nearest' });
    return true;
  }
  return false;
}

/**
 * A long list rendered as a window over the page's scroll: only the items near the viewport are in the document,
 * measured as they render (cards differ in height). Follows the APG feed pattern: `role="feed"`, busy while a page
 * loads, Page Down / Page Up move focus between articles, scrolling to ones not rendered yet, and Control+Home moves
 * it to the focusable element just before the feed.
 */
export function VirtualFeed<T>({
  items,
  getKey,
  renderItem,
  label,
  feedRef,
  hasMore,
  loadingMore,
  onLoadMore,
  total,
  focusFirst,
}: VirtualFeedProps<T>) {
  const ownRef = useRef<HTMLDivElement | null>(null);
  const feed = feedRef ?? ownRef;
  const [scrollMargin, setScrollMargin] = useState(0);
  // The focused article stays rendered when it scrolls out of the window, so focus is never dropped to the body. It is
  // followed by key: posts put in front move its index, and a stale index would render another post far above.
  const focused = useRef<string | null>(null);
  const focusedIndex = useRef(new KeyedIndex());
  const pendingFocus = useRef<number | null>(null);
  const scrolledTo = useRef<number | null>(null);

  // The item at the top of the viewport is held in place when the list changes, and stays rendered while it is.
  const anchor = useRef(new ScrollAnchor());

  const rangeExtractor = useCallback(
    (range: Range) => {
      const moved = anchor.current.movedIn(items, getKey);
      const indexes = defaultRangeExtractor(
        moved === 0
          ? range
          : {
              ...range,
              startIndex: Math.min(range.count - 1, Math.max(0, range.startIndex + moved)),
              endIndex: Math.min(range.count - 1, Math.max(0, range.endIndex + moved)),
            },
      );
      const keep = [
        focusedIndex.current.of(items, getKey, focused.current),
        anchor.current.indexIn(items, getKey),
      ].filter((index) => index >= 0 && index < range.count && !indexes.includes(index));
      return keep.length === 0 ? indexes : [...new Set([...indexes, ...keep])].sort((a, b) => a - b);
    },
    [items, getKey],
  );

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => getKey(items[index] as T),
    rangeExtractor,
  });

  // The feed starts below the page's header and composer; the window's offsets count from the document's top. What
  // is above can grow or shrink (a notice, the composer), which resizes the body: measure again then.
  useLayoutEffect(() => {
    const node = feed.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrollMargin(node.getBoundingClientRect().top + window.scrollY));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [feed]);

  const virtualItems = virtualizer.getVirtualItems();
  const lastRendered = virtualItems.at(-1)?.index ?? -1;
  // The next page is asked for when the window nears the end of what is loaded, or a Page Down press waits for a post
  // near or past it (presses can outrun several pages: each page that arrives asks for the next until it is there).
  const askedAt = useRef(-1);
  const loadMoreFor = (reach: number, again = false) => {
    const nearEnd = reach >= items.length - 1 - LOAD_AHEAD;
    if (hasMore && !loadingMore && nearEnd && (again || askedAt.current !== items.length)) {
      askedAt.current = items.length;
      onLoadMore();
    }
  };
  useEffect(() => loadMoreFor(Math.max(lastRendered, pendingFocus.current ?? -1)));

  useScrollAnchor(anchor, virtualizer, items, getKey);

  // The first article, asked for after new items were put in front: it takes focus as Page Up's would, once the list
  // starts with it (the list may render before the new items are in it) and the window renders it.
  const focusFirstSeen = useRef(focusFirst);
  const pendingFirst = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (focusFirst !== focusFirstSeen.current) {
      focusFirstSeen.current = focusFirst;
      pendingFirst.current = focusFirst?.key ?? null;
    }
    const first = items[0];
    if (pendingFirst.current !== null && first !== undefined && getKey(first) === pendingFirst.current) {
      pendingFirst.current = null;
      pendingFocus.current = 0;
      scrolledTo.current = 0;
    }
  });

  // An article asked for by Page Down / Page Up that was not rendered yet (or not loaded yet: the press came at the
  // end of what is loaded, with the next page on its way) takes focus once it is, scrolled to once it is loaded.
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (pending === null) return;
    const article = articleAt(feed.current, pending);
    if (article) {
      pendingFocus.current = null;
      article.focus();
    } else if (pending < items.length && scrolledTo.current !== pending) {
      scrolledTo.current = pending;
      virtualizer.scrollToIndex(pending, { align: 'start' });
    }
  });

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Home' && event.ctrlKey && !event.altKey && !event.shiftKey && !event.metaKey) {
      // In a text field the keys move the caret; from a portal (a dialog) they are not about the feed.
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.currentTarget.contains(target) && focusBefore(event.currentTarget)) event.preventDefault();
      return;
    }
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    // Inside a text area the keys move the caret; from a portal (a dialog) they are not about the feed.
    if (target.closest('textarea, [contenteditable="true"]') || !event.currentTarget.contains(target)) return;
    // Presses faster than the window renders count from the article still on its way, so none is lost.
    const from = pendingFocus.current ?? Number(target.closest('[data-index]')?.getAttribute('data-index') ?? -1);
    const to = event.key === 'PageDown' ? from + 1 : from - 1;
    event.preventDefault();
    if (from < 0 || to < 0 || (to >= items.length && !hasMore)) return;
    const article = articleAt(feed.current, to);
    pendingFocus.current = article ? null : to;
    if (article) {
      article.focus();
      return;
    }
    if (to < items.length) {
      scrolledTo.current = to;
      virtualizer.scrollToIndex(to, { align: 'start' });
    }
    // A press for a post not loaded yet asks for it, even if its page was asked for before and did not come.
    loadMoreFor(to, to >= items.length);
  };

  const setsize = total ?? (hasMore ? -1 : items.length);

  return (
    <div>
      {/* Key presses bubble up from the articles and their controls, which are the interactive part. */}
      <div
        ref={feed}
        role="feed"
        aria-label={label}
        aria-busy={loadingMore}
        tabIndex={-1}
        onKeyDown={moveFocus}
        onFocus={(event) => {
          const index = (event.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index');
          const item = index == null ? undefined : items[Number(index)];
          focused.current = item === undefined ? null : getKey(item);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) focused.current = null;
        }}
        className="relative focus:outline-none"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((virtualItem) => (
          <div
            key={virtualItem.key}
            data-index={virtualItem.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full pb-4"
            style={{ transform: `translateY(${virtualItem.start - scrollMargin}px)` }}
          >
            <FeedItem
              item={items[virtualItem.index] as T}
              posinset={virtualItem.index + 1}
              setsize={setsize}
              renderItem={renderItem}
            />
          </div>
        ))}
      </div>
      <FeedEnd hasMore={hasMore} loadingMore={loadingMore} />
    </div>
  );
}

interface FeedItemProps<T> extends FeedPosition, Pick<VirtualFeedProps<T>, 'renderItem'> {
  item: T;
}

/** One item, rendered again only when it or its place changes: the window re-renders on every scroll. */
const FeedItem = memo(function FeedItem<T>({ item, posinset, setsize, renderItem }: FeedItemProps<T>) {
  return renderItem(item, { posinset, setsize });
}) as <T>(props: FeedItemProps<T>) => ReactNode;

/** Below the feed: a row while the next page loads, and one when there is nothing more to load. */
function FeedEnd({ hasMore, loadingMore }: Pick<FeedPaging, 'hasMore' | 'loadingMore'>) {
  if (loadingMore) {
    return (
      <p role="status" className="py-4 text-center text-sm text-slate-500">
        Loading more posts…
      </p>
    );
  }
  if (hasMore) return null;
  return <p className="py-4 text-center text-sm text-slate-500">{"You're all caught up"}</p>;
}

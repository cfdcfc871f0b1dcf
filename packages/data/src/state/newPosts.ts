/**
 * New posts waiting above the feed (docs/data-layer.md, "Newer posts"): the page asks the back end, at a steady
 * interval while the tab is visible, how many posts are newer than the newest the reader has been shown, and keeps the
 * answer in the store, where the feed's "N new posts" and the top bar's NewsFeed link both read it. Nothing is put in a
 * list until the reader asks (`showNewPostsAtom`).
 */
import { atom, type Getter } from 'jotai';
import type { QueryCacheNotifyEvent } from '@tanstack/query-core';
import type { FeedMode, Post } from '@murmur/mock-api-contract';
import { getNewerPosts } from '../client/posts';
import { queryClientAtom, type Store } from '../cache/queryClient';
import { cancelPostRefetches, withFirstPage } from '../edits/refresh';
import { fetchPostsPage, isPostPages, postListKey, type PostList, type PostPages } from '../queries/postLists';
import { sessionBaseAtom, sessionEpochAtom } from './base';

/** How often a visible page asks "anything newer?". */
export const NEW_POSTS_POLL_MS = 10_000;
/** The shortest interval a page may be given (`?poll-new`): a link must not make a reader's tab hammer the server. */
export const MIN_NEW_POSTS_POLL_MS = 1_000;

const LATEST: PostList = { kind: 'feed', sort: 'latest' };
const LATEST_KEY = JSON.stringify(postListKey(LATEST));

interface Waiting {
  /** The session the answer belongs to: a new session (a logout, another login) starts from nothing. */
  session: number;
  /** The newest post the reader has been shown (the Latest list's first), or the newest there was when asked first. */
  since: string | null;
  /** Posts newer than `since`. */
  count: number;
  /**
   * Latest is being fetched from its first page (a visit to the feed or Explore, a route's preload): what waits is on
   * its way into the list, so nothing counts as waiting, and nothing is asked, until that fetch settles.
   */
  refreshing: boolean;
}

const waitingBaseAtom = atom<Waiting>({ session: -1, since: null, count: 0, refreshing: false });

/** How many new posts wait for the reader: 0 without a session or before the first answer. */
export const newPostsWaitingAtom = atom((get) => {
  const waiting = get(waitingBaseAtom);
  return waiting.session === get(sessionEpochAtom) && get(sessionBaseAtom).token ? waiting.count : 0;
});

const sinceOf = (get: Getter): string | null => {
  const waiting = get(waitingBaseAtom);
  return waiting.session === get(sessionEpochAtom) ? waiting.since : null;
};

const refreshingOf = (get: Getter): boolean => {
  const waiting = get(waitingBaseAtom);
  return waiting.session === get(sessionEpochAtom) && waiting.refreshing;
};

const newestOf = (data: PostPages | undefined): Post | undefined => data?.pages[0]?.posts[0];

/** Asks are not stacked: one at a time per store, so a slow answer is never overtaken by an older one. */
const asking = new WeakSet<object>();

/** One "anything newer?" question; its answer replaces the count (and, on a first question, learns `since`). */
const askForNewPostsAtom = atom(null, async (get, set): Promise<void> => {
  const session = get(sessionEpochAtom);
  const client = get(queryClientAtom);
  if (!get(sessionBaseAtom).token || asking.has(client) || refreshingOf(get)) return;
  asking.add(client);
  // Before any answer, the newest post Latest shows, if it is cached; else the first answer tells the newest there is.
  const latest = client.getQueryData<PostPages>(postListKey(LATEST));
  const since = sinceOf(get) ?? newestOf(latest)?._id ?? null;
  try {
    const answer = await getNewerPosts(since);
    // An answer counted against what the list showed before a refresh that has begun since (or is behind it) is old.
    if (get(sessionEpochAtom) !== session || refreshingOf(get) || (sinceOf(get) ?? since) !== since) return;
    set(
      waitingBaseAtom,
      since === null
        ? { session, since: answer.newest, count: 0, refreshing: false }
        : { session, since, count: answer.count, refreshing: false },
    );
    // The cached Latest is behind the back end: the next screen to show it (a visit to the feed or Explore, even
    // right after a preload) asks again and brings the new posts in; the screen showing it now is left as it is.
    if (since !== null && answer.count > 0) {
      await client.invalidateQueries({ queryKey: postListKey(LATEST), exact: true, refetchType: 'none' });
    }
  } catch {
    // The post asked about is gone (deleted): start again from the newest there is. Any other failure: ask next time.
    if (get(sessionEpochAtom) === session && !refreshingOf(get) && sinceOf(get) === since)
      set(waitingBaseAtom, { session, since: null, count: 0, refreshing: false });
  } finally {
    asking.delete(client);
  }
});

/**
 * The reader has been shown a newer first post of Latest (pressed "N new posts", wrote something and the list
 * refreshed, or came back to it): that post is the new `since`, nothing waits until the next answer says otherwise.
 */
const shownAtom = atom(null, (get, set, newest: string): boolean => {
  if (sinceOf(get) === newest) return false;
  set(waitingBaseAtom, { session: get(sessionEpochAtom), since: newest, count: 0, refreshing: refreshingOf(get) });
  return true;
});

/**
 * Latest started or stopped fetching from its first page. The visit (or preload) that fetches it clears the count as
 * the fetch begins, not when it lands: the posts that wait are coming into the list anyway, so neither the feed's
 * "N new posts" nor the top bar's count shows them for the length of the fetch. Answers true when the fetch settled
 * (landed, failed or was cancelled): then the poller asks again, counting against what the list now shows.
 */
const latestRefreshingAtom = atom(null, (get, set, refreshing: boolean): boolean => {
  if (refreshingOf(get) === refreshing) return false;
  const session = get(sessionEpochAtom);
  set(waitingBaseAtom, { session, since: sinceOf(get), count: refreshing ? 0 : get(newPostsWaitingAtom), refreshing });
  return !refreshing;
});

/**
 * What "N new posts" does: the list's first page fetched and put in front of what it holds (in Latest the posts it
 * had stay below; when more than a page came, or in Trending, whose order changed throughout, the list starts again
 * from its new first page). Resolves once the list holds them, with the id of the list's first post.
 */
export const showNewPostsAtom = atom(null, async (get, set, sort: FeedMode): Promise<string | undefined> => {
  const client = get(queryClientAtom);
  const list: PostList = { kind: 'feed', sort };
  const token = get(sessionBaseAtom).token;
  // In Trending the new ranking comes with the newest post there is, so that nothing already ranked counts as new.
  const newest = sort === 'trending' ? (await getNewerPosts(null).catch(() => null))?.newest : undefined;
  await cancelPostRefetches(client);
  const first = await fetchPostsPage(list, null, token);
  client.setQueryData<PostPages>(postListKey(list), (data) => {
    const holdsOldNewest = data && first.posts.some((post) => post._id === newestOf(data)?._id);
    return data && sort === 'latest' && holdsOldNewest
      ? withFirstPage(data, first)
      : { pages: [first], pageParams: [null] };
  });
  const shown = sort === 'latest' ? first.posts[0]?._id : newest;
  if (shown) set(shownAtom, shown);
  return first.posts[0]?._id;
});

/**
 * Asks "anything newer?" every `everyMs` while the page is visible, never while it is hidden, and at once when it
 * becomes visible again or a session starts; follows the Latest list, whose newest post is what the reader was shown.
 * Lives with the store (the page's boot starts it), so the top bar knows while the feed is not on screen. Answers the
 * function that stops it.
 */
export function startNewPostsPoller(store: Store, everyMs = NEW_POSTS_POLL_MS): () => void {
  const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
  const ask = () => {
    if (visible()) void store.set(askForNewPostsAtom);
  };
  const timer = setInterval(ask, Math.max(everyMs, MIN_NEW_POSTS_POLL_MS));
  const onVisibility = () => ask();
  document.addEventListener('visibilitychange', onVisibility);
  const stopSession = store.sub(sessionEpochAtom, ask);
  const onCacheEvent = (event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== LATEST_KEY) return;
    const { state } = event.query;
    const data: unknown = state.data;
    const newest = isPostPages(data) ? newestOf(data)?._id : undefined;
    const moved = newest !== undefined && store.set(shownAtom, newest);
    // A next page (`fetchMore`) brings older posts, never the waiting ones.
    const settled = store.set(latestRefreshingAtom, state.fetchStatus === 'fetching' && !state.fetchMeta?.fetchMore);
    if (moved || settled) ask();
  };
  const stopCache = store.get(queryClientAtom).getQueryCache().subscribe(onCacheEvent);
  ask();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    stopSession();
    stopCache();
  };
}

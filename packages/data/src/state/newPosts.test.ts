/**
 * New posts waiting above the feed (docs/data-layer.md, "Newer posts"): counted against the newest post the reader was
 * shown, asked only while the page is visible, put in the list only when the reader asks, and forgotten at logout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/query-core';
import type { Post, PostsPage } from '@murmur/mock-api-contract';
import { createPageStore, queryClientAtom, type Store } from '../cache/queryClient';
import { postListKey, type PostList } from '../queries/postLists';
import { apiClient } from '../client/http';
import {
  api,
  as,
  DEMO_ACCOUNT,
  SEED,
  startMockServer,
  stopMockServer,
  tokenFor,
  withMockServer,
} from '../test-support';
import { newPostsWaitingAtom, showNewPostsAtom, startNewPostsPoller } from './newPosts';
import { preloadPostList } from './preloads';
import { postListAtom } from './queryAtoms';
import { loginAtom, logoutAtom } from './session';

withMockServer();

const LATEST: PostList = { kind: 'feed', sort: 'latest' };
const TRENDING: PostList = { kind: 'feed', sort: 'trending' };

let store: Store;
const stops: (() => void)[] = [];

/** The page's "anything newer?" questions, counted where the data layer sends them. */
let questions = 0;
apiClient.interceptors.request.use((config) => {
  if (config.url === '/posts/newer') questions += 1;
  return config;
});

function shown(list: PostList = LATEST): Post[] {
  const data = store.get(queryClientAtom).getQueryData<InfiniteData<PostsPage>>(postListKey(list));
  return data?.pages.flatMap((page) => page.posts) ?? [];
}

async function show(list: PostList) {
  stops.push(store.sub(postListAtom(list), () => undefined));
  await vi.waitFor(() => expect(store.get(postListAtom(list)).status).toBe('success'));
}

/** Someone else writes a post through the API, as live activity would. */
async function postByTomas(text: string): Promise<void> {
  const token = await tokenFor(SEED.tomas);
  expect((await api.post('/posts', { postData: text }, as(token))).status).toBe(201);
}

let visibility: DocumentVisibilityState = 'visible';
beforeEach(async () => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  questions = 0;
  store = createPageStore();
  await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

/** Starts the page's poller, asking every second (the shortest interval a page may be given). */
function startPoller() {
  stops.push(startNewPostsPoller(store, 1_000));
}

describe('new posts waiting', () => {
  it('counts the posts newer than the first one Latest shows, and puts them in front only when asked', async () => {
    await show(LATEST);
    const before = shown().map((post) => post._id);
    startPoller();
    await postByTomas('First from Tomas');
    await postByTomas('Second from Tomas');
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(2), { timeout: 5_000 });
    // Waiting is not shown: the list is as it was.
    expect(shown().map((post) => post._id)).toEqual(before);

    await store.set(showNewPostsAtom, 'latest');
    expect(
      shown()
        .map((post) => post.content)
        .slice(0, 2),
    ).toEqual(['Second from Tomas', 'First from Tomas']);
    expect(
      shown()
        .slice(2)
        .map((post) => post._id),
    ).toEqual(before);
    expect(store.get(newPostsWaitingAtom)).toBe(0);
  });

  it(
    'once posts wait, the screen showing Latest keeps it, and the next to show it asks again, ' + 'preloaded or not',
    async () => {
      // Preloaded as a route's preload does: its answer counts as fresh for a few seconds.
      await preloadPostList(store, LATEST);
      await show(LATEST);
      const leave = stops.pop();
      startPoller();
      const before = shown().map((post) => post._id);
      await postByTomas('Waiting for a visit');
      await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });
      expect(shown().map((post) => post._id)).toEqual(before);

      // A visit, within the preload's few seconds: the screen mounts again, and asks.
      leave?.();
      await show(LATEST);
      await vi.waitFor(() => expect(shown()[0]?.content).toBe('Waiting for a visit'));
      await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(0));
    },
  );

  it('a visit clears the count as its fetch of Latest begins, drops older answers, counts again after', async () => {
    // A back end that takes its time, so that the visit's fetch is seen in flight.
    stopMockServer();
    startMockServer({ delay: 300 });
    store = createPageStore();
    await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    await show(LATEST);
    const leave = stops.pop();
    leave?.();
    startPoller();
    await postByTomas('Waiting for a visit');
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });

    // Every count from here on; a question is in flight as the visit begins (its answer would say 1 again).
    const counts: number[] = [];
    stops.push(store.sub(newPostsWaitingAtom, () => counts.push(store.get(newPostsWaitingAtom))));
    document.dispatchEvent(new Event('visibilitychange'));
    stops.push(store.sub(postListAtom(LATEST), () => undefined));
    expect(store.get(newPostsWaitingAtom)).toBe(0);
    await vi.waitFor(() => expect(shown()[0]?.content).toBe('Waiting for a visit'));
    expect(counts).toEqual([0]);
    // Nothing came since: the answers after the visit agree, and the next post counts against what it showed.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(store.get(newPostsWaitingAtom)).toBe(0);
    await postByTomas('After the visit');
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });
    expect(counts).toEqual([0, 1]);
  });

  it('a visit whose fetch of Latest fails gives the count back at the next answer', async () => {
    await show(LATEST);
    const leave = stops.pop();
    leave?.();
    startPoller();
    await postByTomas('Still waiting');
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });
    // The visit's request for the first page is refused (as a dropped connection would be).
    const refuse = apiClient.interceptors.request.use((config) => {
      if (config.url === '/posts' && config.params?.cursor == null) throw new Error('offline');
      return config;
    });
    try {
      stops.push(store.sub(postListAtom(LATEST), () => undefined));
      expect(store.get(newPostsWaitingAtom)).toBe(0);
      await vi.waitFor(() => expect(store.get(postListAtom(LATEST)).fetchStatus).toBe('idle'));
      await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });
    } finally {
      apiClient.interceptors.request.eject(refuse);
    }
  });

  it('in Trending, shows the new ranking from its first page and counts from the newest post there is', async () => {
    await show(TRENDING);
    startPoller();
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(0));
    await postByTomas('New in Trending');
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });
    await store.set(showNewPostsAtom, 'trending');
    expect(shown(TRENDING).map((post) => post.content)).toContain('New in Trending');
    expect(store.get(newPostsWaitingAtom)).toBe(0);
    // The next answer agrees: nothing already ranked counts as new.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(store.get(newPostsWaitingAtom)).toBe(0);
  });

  it('asks nothing while the page is hidden, and at once when it is visible again', async () => {
    await show(LATEST);
    visibility = 'hidden';
    startPoller();
    await postByTomas('While hidden');
    // Two intervals pass without a question.
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(questions).toBe(0);
    expect(store.get(newPostsWaitingAtom)).toBe(0);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 500 });
  });

  it('is forgotten at logout', async () => {
    await show(LATEST);
    startPoller();
    await postByTomas('Before logout');
    await vi.waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });
    store.set(logoutAtom);
    expect(store.get(newPostsWaitingAtom)).toBe(0);
  });
});

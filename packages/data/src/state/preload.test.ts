import { createPageStore, type Store } from '../cache/queryClient';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../client/http';
import { DEMO_ACCOUNT, withMockServer } from '../test-support';
import type { PostList } from '../queries/postLists';
import { preloadPostList, preloadUserPostCount } from './preloads';
import { postListAtom, userPostCountAtom } from './queryAtoms';
import { loginAtom } from './session';

withMockServer();

let store: Store;
/** Every GET the page's HTTP client sent, as "path?query". */
let asked: string[];
let stopCounting: () => void;

beforeEach(async () => {
  store = createPageStore();
  await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  asked = [];
  const id = apiClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (config.method === 'get') asked.push(apiClient.getUri(config).replace(/^\/api/, ''));
    return config;
  });
  stopCounting = () => apiClient.interceptors.request.eject(id);
});
afterEach(() => stopCounting());

const LATEST: PostList = { kind: 'feed', sort: 'latest' };
const postsAsked = () => asked.filter((url) => url.startsWith('/posts'));

/** Shows a list as its screen does (an observer of its query) until its first page is there. */
async function show(list: PostList) {
  const unsubscribe = store.sub(postListAtom(list), () => undefined);
  await vi.waitFor(() => expect(store.get(postListAtom(list)).status).toBe('success'));
  return unsubscribe;
}

describe("a route's preload", () => {
  it('asks for the first page once: the screen joins the request in flight', async () => {
    const preloaded = preloadPostList(store, LATEST);
    const unsubscribe = await show(LATEST);
    await preloaded;
    expect(store.get(postListAtom(LATEST)).data?.pages[0]?.posts.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(postsAsked()).toEqual(['/posts?limit=20&sort=latest']);
    unsubscribe();
  });

  it('asks once when the answer came before the screen mounted, and the screen shows it at once', async () => {
    await preloadPostList(store, LATEST);
    const unsubscribe = store.sub(postListAtom(LATEST), () => undefined);
    expect(store.get(postListAtom(LATEST)).isPending).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(postsAsked()).toHaveLength(1);
    unsubscribe();
  });

  it("brings a profile's posts and their count under the keys the profile's screens read", async () => {
    const list: PostList = { kind: 'user', username: 'tomaslind' };
    await Promise.all([preloadPostList(store, list), preloadUserPostCount(store, 'tomaslind')]);
    const unsubscribeList = store.sub(postListAtom(list), () => undefined);
    const unsubscribeCount = store.sub(userPostCountAtom('tomaslind'), () => undefined);
    expect(store.get(postListAtom(list)).data?.pages[0]?.posts.every((post) => post.username === 'tomaslind')).toBe(
      true,
    );
    expect(store.get(userPostCountAtom('tomaslind')).data).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(postsAsked()).toHaveLength(2);
    unsubscribeList();
    unsubscribeCount();
  });

  it('a refused preload does not fail, and the screen asks again and shows the refusal', async () => {
    const bookmarks: PostList = { kind: 'bookmarks', viewer: 'miraokafor' };
    const signedOut = createPageStore();
    await expect(preloadPostList(signedOut, bookmarks)).resolves.toBeUndefined();
    const unsubscribe = signedOut.sub(postListAtom(bookmarks), () => undefined);
    await vi.waitFor(() => expect(signedOut.get(postListAtom(bookmarks)).status).toBe('error'));
    expect(asked.filter((url) => url.startsWith('/users/bookmark'))).toHaveLength(2);
    unsubscribe();
  });

  it('a list shown again without a preload still refreshes behind what it shows', async () => {
    (await show(LATEST))();
    const unsubscribe = await show(LATEST);
    await vi.waitFor(() => expect(postsAsked()).toHaveLength(2));
    unsubscribe();
  });
});

import { createPageStore, type Store } from '../cache/queryClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../client/http';
import { api, defined, DEMO_ACCOUNT, seedUser, withMockServer } from '../test-support';
import type { Post, User } from '@murmur/mock-api-contract';
import type { ActionResult } from '../state-types';
import { toggleBookmarkAtom, toggleLikeAtom } from './posts';
import { postsStateAtom } from './stateFields';
import { queryClientAtom } from '../cache/queryClient';
import { cachedPost } from '../edits/posts';
import type { PostList } from '../queries/postLists';
import { postListAtom } from './queryAtoms';
import { loginAtom, logoutAtom, SESSION_ENDED, sessionAtom } from './session';
import { toggleFollowAtom } from './users';

withMockServer();

const MIRA = { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password };
const TOMAS = { username: 'tomaslind', password: seedUser('tomaslind').password };
const LATEST: PostList = { kind: 'feed', sort: 'latest' };

let store: Store;
const cleanups: (() => void)[] = [];
beforeEach(() => {
  store = createPageStore();
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Holds the page's next request whose path matches until `release()`, as a slow network would: its answer lands
 * whenever the test says, after whatever it did meanwhile. Later requests go through.
 */
function holdNextRequest(path: RegExp): { release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const id = apiClient.interceptors.request.use(async (config) => {
    if (!held && path.test(apiClient.getUri(config))) {
      held = true;
      await released;
    }
    return config;
  });
  cleanups.push(() => apiClient.interceptors.request.eject(id));
  return { release };
}

/** A seed user that neither Mira nor Tomas follows, as the back end says now. */
async function followedByNeither(): Promise<{ _id: string; username: string }> {
  const { data } = await api.get('/users');
  const users = data.users as User[];
  const follows = (username: string, other: User) =>
    users.find((user) => user.username === username)?.following.some((ref) => ref._id === other._id) ?? false;
  return defined(
    users
      .filter((user) => user.username !== DEMO_ACCOUNT.username && user.username !== TOMAS.username)
      .find((user) => !follows(DEMO_ACCOUNT.username, user) && !follows(TOMAS.username, user)),
    'a user neither follows',
  );
}

describe('an optimistic toggle whose answer lands after its session ended', () => {
  it('does not put back a removed bookmark once the person has signed out', async () => {
    await store.set(loginAtom, MIRA);
    const postId = 'post-seed-03';
    expect(await store.set(toggleBookmarkAtom, postId)).toEqual({ ok: true });
    const held = holdNextRequest(/\/users\/remove-bookmark\//);
    const removal = store.set(toggleBookmarkAtom, postId);
    await vi.waitFor(() => expect(store.get(postsStateAtom).bookmarks).toEqual([]));
    store.set(logoutAtom);

    held.release();
    expect(await removal).toEqual({ ok: false, error: SESSION_ENDED });
    expect(store.get(postsStateAtom).bookmarks).toEqual([]);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('leaves the person signed in next alone: an unfollow by Mira does not change whom Tomas follows', async () => {
    const target = await followedByNeither();
    await store.set(loginAtom, MIRA);
    expect(await store.set(toggleFollowAtom, target)).toEqual({ ok: true });
    const held = holdNextRequest(/\/users\/unfollow\//);
    const unfollow = store.set(toggleFollowAtom, target);
    await vi.waitFor(() =>
      expect(store.get(sessionAtom).user?.following.map((ref) => ref._id)).not.toContain(target._id),
    );
    store.set(logoutAtom);
    await store.set(loginAtom, TOMAS);
    const tomas = store.get(sessionAtom).user;
    const stored = localStorage.getItem('user');

    held.release();
    expect(await unfollow).toEqual({ ok: false, error: SESSION_ENDED });
    expect(store.get(sessionAtom).user).toEqual(tomas);
    expect(localStorage.getItem('user')).toBe(stored);
  });

  it("leaves the next session's like on screen: a like Mira pressed before logout puts back nothing", async () => {
    await store.set(loginAtom, MIRA);
    cleanups.push(store.sub(postListAtom(LATEST), () => undefined));
    await vi.waitFor(() => expect(store.get(postListAtom(LATEST)).status).toBe('success'));
    const client = store.get(queryClientAtom);
    const likers = (post: Post | undefined) => post?.likes.likedBy.map((ref) => ref.username) ?? [];
    const { _id: postId } = defined(
      store
        .get(postListAtom(LATEST))
        .data?.pages[0]?.posts.find(
          (post) => !likers(post).includes(DEMO_ACCOUNT.username) && !likers(post).includes(TOMAS.username),
        ),
      'a post neither likes',
    );
    const held = holdNextRequest(/\/posts\/like\//);
    const miraLikes = store.set(toggleLikeAtom, postId);
    store.set(logoutAtom);
    await store.set(loginAtom, TOMAS);
    // Tomas's press is a burst of his own, not a part of Mira's, whose request is still held.
    let tomasLiked: ActionResult | undefined;
    void store.set(toggleLikeAtom, postId).then((result) => (tomasLiked = result));
    await vi.waitFor(() => expect(tomasLiked).toEqual({ ok: true }));
    // The lists' refresh after his like is in too: what the screen shows Tomas, settled.
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const seenByTomas = defined(cachedPost(client, postId));
    expect(likers(seenByTomas)).toContain(TOMAS.username);

    held.release();
    expect(await miraLikes).toEqual({ ok: false, error: SESSION_ENDED });
    expect(cachedPost(client, postId)?.likes).toEqual(seenByTomas.likes);
  });
});

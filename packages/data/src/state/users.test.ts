import { createPageStore, type Store } from '../cache/queryClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followUser } from '../client/users';
import { defined, DEMO_ACCOUNT, startMockServer, stopMockServer, tokenFor, withMockServer } from '../test-support';
import type { User } from '@murmur/mock-api-contract';
import { otherUsersAtom } from './feed';
import { isFollowing } from './helpers';
import { queryClientAtom } from '../cache/queryClient';
import { loginAtom, sessionAtom } from './session';
import { fetchUserByUsername, userOptions, userQueryKey } from '../queries/user';
import { USERS_PAGE_SIZE, usersPagesKey } from '../queries/usersPages';
import { knownUsersAtom } from './cacheViews';
import { postListAtom, userAtom, usersPagesAtom } from './queryAtoms';
import { usersStateAtom } from './stateFields';
import { editProfileAtom, toggleFollowAtom } from './users';

withMockServer();

const JONAH = { _id: 'user-seed-04-jonah', username: 'jonahwhit' };
const TOMAS = { _id: 'user-seed-02-tomas', username: 'tomaslind' };

let store: Store;
const unsubscribes: (() => void)[] = [];

/** Mounts what a screen mounts ("Who to follow" reads otherUsersAtom; a profile reads its user's query). */
async function show(): Promise<void> {
  unsubscribes.push(
    store.sub(otherUsersAtom, () => undefined),
    store.sub(usersStateAtom, () => undefined),
  );
  await vi.waitFor(() => expect(store.get(usersStateAtom).userStatus).toBe('fulfilled'));
}
async function showUser(username: string): Promise<() => User | null | undefined> {
  unsubscribes.push(store.sub(userAtom(username), () => undefined));
  await vi.waitFor(() =>
    expect(store.get(queryClientAtom).getQueryState(userQueryKey(username))?.status).toBe('success'),
  );
  return () => store.get(queryClientAtom).getQueryData<User | null>(userQueryKey(username));
}

beforeEach(async () => {
  store = createPageStore();
  await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
});
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

const listed = (username: string): User =>
  defined(
    store.get(usersStateAtom).users.find((u) => u.username === username),
    username,
  );
const storedUser = (): User => JSON.parse(localStorage.getItem('user') ?? 'null') as User;
const followerNames = (user: User | null | undefined) => user?.followers.map((ref) => ref.username) ?? [];

describe('the users list', () => {
  it(
    'is read by "Who to follow" from the cache: loading, then every user; ' +
      'otherUsersAtom leaves out the session user',
    async () => {
      expect(store.get(usersStateAtom)).toEqual({ users: [], userStatus: 'idle' });
      unsubscribes.push(
        store.sub(usersStateAtom, () => undefined),
        store.sub(otherUsersAtom, () => undefined),
      );
      expect(store.get(usersStateAtom).userStatus).toBe('pending');
      await vi.waitFor(() => expect(store.get(usersStateAtom).userStatus).toBe('fulfilled'));
      expect(store.get(usersStateAtom).users).toHaveLength(7);
      expect(store.get(otherUsersAtom).map((u) => u.username)).not.toContain(DEMO_ACCOUNT.username);
      expect(store.get(otherUsersAtom)).toHaveLength(6);
    },
  );

  it('is loaded a page at a time: more users only when asked, each once, until the last page', async () => {
    stopMockServer();
    startMockServer({ delay: 0, scale: { users: 45, posts: 10 } });
    await show();
    expect(store.get(usersStateAtom).users).toHaveLength(USERS_PAGE_SIZE);
    const loaded = () => store.get(usersStateAtom).users.length;
    for (const expected of [40, 45]) {
      await store.get(usersPagesAtom).fetchNextPage();
      await vi.waitFor(() => expect(loaded()).toBe(expected));
    }
    await vi.waitFor(() => expect(store.get(usersPagesAtom).hasNextPage).toBe(false));
    const names = store.get(usersStateAtom).users.map((u) => u.username);
    expect(names).toHaveLength(45);
    expect(new Set(names).size).toBe(45);
    expect(store.get(usersPagesAtom).data?.pages).toHaveLength(3);
    expect(store.get(otherUsersAtom)).toHaveLength(44);
  });

  it('a page of posts brings its authors: names and pictures known without asking for the user list', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    unsubscribes.push(store.sub(postListAtom({ kind: 'feed', sort: 'latest' }), () => undefined));
    await vi.waitFor(() => expect(store.get(postListAtom({ kind: 'feed', sort: 'latest' })).isSuccess).toBe(true));
    const posts = defined(store.get(postListAtom({ kind: 'feed', sort: 'latest' })).data).pages[0]?.posts ?? [];
    const known = store.get(knownUsersAtom);
    for (const post of posts) expect(known.get(post.username)?.profilePic).toMatch(/^data:image\/svg\+xml,/);
    // One request, for the page itself.
    expect(open.mock.calls.map((call) => String(call[1]))).toEqual([expect.stringMatching(/^\/api\/posts\?/)]);
    open.mockRestore();
    expect(store.get(queryClientAtom).getQueryState(usersPagesKey)).toBeUndefined();

    // A profile opened from one of those posts shows its author's card while its own query loads.
    const author = defined(posts[0]).username;
    unsubscribes.push(store.sub(userAtom(author), () => undefined));
    expect(store.get(userAtom(author)).isPlaceholderData).toBe(true);
    expect(store.get(userAtom(author)).data).toEqual(known.get(author));
  });

  it('a list that cannot load reads as rejected', async () => {
    stopMockServer();
    unsubscribes.push(
      store.sub(usersStateAtom, () => undefined),
      store.sub(otherUsersAtom, () => undefined),
    );
    await vi.waitFor(() => expect(store.get(usersStateAtom)).toEqual({ users: [], userStatus: 'rejected' }));
  });
});

describe('one user by username', () => {
  it('is the user, or null ("User not found") for an unknown name or an _id', async () => {
    expect((await fetchUserByUsername(TOMAS.username))?._id).toBe(TOMAS._id);
    expect(await fetchUserByUsername('nobody-by-this-name')).toBeNull();
    expect(await fetchUserByUsername(TOMAS._id)).toBeNull();
  });

  it("shows the users list entry while it loads, then the back end's answer", async () => {
    await show();
    unsubscribes.push(store.sub(userAtom(TOMAS.username), () => undefined));
    const loading = store.get(userAtom(TOMAS.username));
    expect(loading.data).toEqual(listed(TOMAS.username));
    expect(loading.isPlaceholderData).toBe(true);
    await vi.waitFor(() => expect(store.get(userAtom(TOMAS.username)).isPlaceholderData).toBe(false));
    expect(store.get(userAtom(TOMAS.username)).data?._id).toBe(TOMAS._id);
  });

  it('shows the session user as their own profile while it loads, with nothing else loaded', async () => {
    unsubscribes.push(store.sub(userAtom(DEMO_ACCOUNT.username), () => undefined));
    const loading = store.get(userAtom(DEMO_ACCOUNT.username));
    expect(loading.isPlaceholderData).toBe(true);
    expect(loading.data).toEqual(store.get(sessionAtom).user);
    await vi.waitFor(() => expect(store.get(userAtom(DEMO_ACCOUNT.username)).isPlaceholderData).toBe(false));
  });

  it('a prefetch with userOptions fills the entry userAtom reads (no second request)', async () => {
    const client = store.get(queryClientAtom);
    await client.prefetchQuery(userOptions(TOMAS.username));
    const requests = vi.spyOn(XMLHttpRequest.prototype, 'send');
    unsubscribes.push(store.sub(userAtom(TOMAS.username), () => undefined));
    expect(store.get(userAtom(TOMAS.username)).data?._id).toBe(TOMAS._id);
    expect(requests).not.toHaveBeenCalled();
    requests.mockRestore();
  });
});

describe('toggleFollowAtom', () => {
  it('shows the follow at once (session user, both cached users), then agrees with back end and storage', async () => {
    await show();
    const jonah = await showUser(JONAH.username);
    const before = followerNames(jonah());
    expect(isFollowing(store.get(sessionAtom).user, JONAH.username)).toBe(false);

    const running = store.set(toggleFollowAtom, JONAH);
    await vi.waitFor(() => expect(followerNames(jonah())).toContain(DEMO_ACCOUNT.username));
    const me = defined(store.get(sessionAtom).user);
    // A reference, as the back end stores it (mock-api/rules.md, "Stored records"), not a copy of the whole user.
    expect(jonah()?.followers.at(-1)).toEqual({ _id: me._id, username: me.username });
    expect(isFollowing(me, JONAH.username)).toBe(true);
    expect(followerNames(listed(JONAH.username))).toContain(DEMO_ACCOUNT.username);
    expect(isFollowing(listed(DEMO_ACCOUNT.username), JONAH.username)).toBe(true);

    expect(await running).toEqual({ ok: true });
    expect(isFollowing(storedUser(), JONAH.username)).toBe(true);
    expect(followerNames(jonah())).toEqual([...before, DEMO_ACCOUNT.username]);
    expect(store.get(usersStateAtom).userStatus).not.toBe('rejected');
  });

  it('unfollows someone followed', async () => {
    await show();
    expect(isFollowing(store.get(sessionAtom).user, TOMAS.username)).toBe(true);
    expect(await store.set(toggleFollowAtom, TOMAS)).toEqual({ ok: true });
    expect(isFollowing(store.get(sessionAtom).user, TOMAS.username)).toBe(false);
    expect(followerNames(listed(TOMAS.username))).not.toContain(DEMO_ACCOUNT.username);
  });

  it('refetches every users query after a follow: a change made elsewhere shows too', async () => {
    await show();
    // Tomas follows Jonah behind this page's back.
    await followUser(JONAH._id, await tokenFor('tomaslind'));
    expect(followerNames(listed(JONAH.username))).not.toContain(TOMAS.username);
    expect(await store.set(toggleFollowAtom, JONAH)).toEqual({ ok: true });
    await vi.waitFor(() => expect(followerNames(listed(JONAH.username))).toContain(TOMAS.username));
    expect(followerNames(listed(JONAH.username))).toContain(DEMO_ACCOUNT.username);
  });

  it('a refused follow (yourself) leaves session and users unchanged', async () => {
    await show();
    const session = store.get(sessionAtom);
    const users = store.get(usersStateAtom).users;
    const user = defined(session.user);
    const me = { _id: user._id, username: user.username };
    expect(await store.set(toggleFollowAtom, me)).toEqual({ ok: false, error: 'You cannot follow yourself' });
    expect(store.get(sessionAtom)).toEqual(session);
    expect(store.get(usersStateAtom)).toEqual({ users, userStatus: 'rejected' });
  });

  it('a follow that fails rolls back what it showed, in the session and in the cache', async () => {
    await show();
    const jonah = await showUser(JONAH.username);
    const session = store.get(sessionAtom);
    const cached = store.get(queryClientAtom).getQueryData(usersPagesKey);
    const before = jonah();
    stopMockServer();
    const result = await store.set(toggleFollowAtom, JONAH);
    expect(result.ok).toBe(false);
    expect(store.get(sessionAtom).user?.following).toEqual(session.user?.following);
    expect(jonah()).toEqual(before);
    expect(store.get(queryClientAtom).getQueryData(usersPagesKey)).toEqual(cached);
  });
});

describe('editProfileAtom', () => {
  it('updates the session user, the stored user and every cached copy', async () => {
    await show();
    const mine = await showUser(DEMO_ACCOUNT.username);
    expect(await store.set(editProfileAtom, { bio: 'Teapots, mostly.', link: 'https://example.com/teapots' })).toEqual({
      ok: true,
    });
    expect(store.get(sessionAtom).user).toMatchObject({ bio: 'Teapots, mostly.', link: 'https://example.com/teapots' });
    expect(storedUser().bio).toBe('Teapots, mostly.');
    expect(listed(DEMO_ACCOUNT.username).bio).toBe('Teapots, mostly.');
    expect(mine()?.bio).toBe('Teapots, mostly.');
    expect(store.get(usersStateAtom).userStatus).toBe('fulfilled');
  });

  it('a refused edit changes nothing', async () => {
    await show();
    const mine = await showUser(DEMO_ACCOUNT.username);
    const session = store.get(sessionAtom);
    const cached = mine();
    const result = await store.set(editProfileAtom, { link: 'not a url' });
    expect(result).toEqual({ ok: false, error: 'Link must be an http:// or https:// URL.' });
    expect(store.get(sessionAtom)).toEqual(session);
    expect(storedUser()).toEqual(session.user);
    expect(mine()).toEqual(cached);
    expect(store.get(usersStateAtom).userStatus).toBe('rejected');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  createPostAtom,
  deletePostAtom,
  followUser,
  getUser,
  getUserPosts,
  preloadUser,
  sessionAtom,
  usersStateAtom,
} from '@murmur/data';
import { startMockServer, stopMockServer } from '@murmur/mock-api';
import type { LoadRemoteModule } from '@murmur/remote-kit';
import { signedInStore, withMockServer } from '@murmur/test-kit';
import { loadStandIn, renderProfile, StandInPostList } from '../test-support';

const ME = 'miraokafor';
/** Seed: the demo user follows tomaslind and not jonahwhit. */
const FOLLOWED = 'tomaslind';
const NOT_FOLLOWED = 'jonahwhit';

withMockServer();

const profileCard = () => screen.getByRole('region', { name: 'Profile' });

describe('own profile', () => {
  it('shows the card with names, bio, link and counts, Edit Profile, and the posts list for that user', async () => {
    const store = await signedInStore();
    const { user } = await getUser(ME);
    renderProfile(ME, store);

    expect(await screen.findByRole('heading', { level: 1, name: 'Mira Okafor' })).toBeVisible();
    const card = profileCard();
    expect(within(card).getByText('@miraokafor')).toBeVisible();
    expect(within(card).getByText(user.bio)).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Picture of Mira Okafor' })).toHaveAttribute('src', user.profilePic);
    const link = within(card).getByRole('link', { name: user.link });
    expect(link).toHaveAttribute('href', user.link);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await within(card).findByText('0 Posts')).toBeVisible();
    expect(within(card).getByText(`${user.followers.length} Followers`)).toBeVisible();
    expect(within(card).getByText(`${user.following.length} Following`)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^(Follow|Unfollow)$/ })).not.toBeInTheDocument();
    // The list is asked for the user of the route.
    expect(await screen.findByText('Post list of @miraokafor')).toBeVisible();
  });

  it('counts the posts from the shared cache, refetched after a new or deleted post', async () => {
    const store = await signedInStore();
    renderProfile(ME, store);
    expect(await screen.findByText('0 Posts')).toBeVisible();

    await act(() => store.set(createPostAtom, 'First light on the balcony tomatoes.'));
    expect(await screen.findByText('1 Posts')).toBeVisible();
    const [mine] = (await getUserPosts(ME)).posts;
    expect(mine).toBeDefined();
    await act(() => store.set(deletePostAtom, mine?._id ?? ''));
    expect(await screen.findByText('0 Posts')).toBeVisible();
  });
});

describe('another user', () => {
  it("shows that user's card and counts with a Follow button instead of Edit Profile", async () => {
    const store = await signedInStore();
    const [{ user }, { posts }] = await Promise.all([getUser(NOT_FOLLOWED), getUserPosts(NOT_FOLLOWED)]);
    renderProfile(NOT_FOLLOWED, store);

    expect(await screen.findByRole('heading', { level: 1, name: `${user.firstName} ${user.lastName}` })).toBeVisible();
    const card = profileCard();
    expect(within(card).getByText(`@${NOT_FOLLOWED}`)).toBeVisible();
    expect(await within(card).findByText(`${posts.length} Posts`)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Follow' })).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(await screen.findByText(`Post list of @${NOT_FOLLOWED}`)).toBeVisible();
  });

  it('Follow and Unfollow change the button, the Followers count and the viewer’s own Following at once', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    const { user: target } = await getUser(NOT_FOLLOWED);
    const myFollowing = store.get(sessionAtom).user?.following.length ?? -1;
    renderProfile(NOT_FOLLOWED, store);
    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(within(card).getByText(`${target.followers.length} Followers`)).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(await within(card).findByRole('button', { name: 'Unfollow' })).toBeEnabled();
    expect(within(card).getByText(`${target.followers.length + 1} Followers`)).toBeVisible();
    // The shared state other screens read ("Who to follow" buttons, the viewer's own card) changed too.
    expect(store.get(sessionAtom).user?.following).toHaveLength(myFollowing + 1);
    expect((await getUser(NOT_FOLLOWED)).user.followers).toHaveLength(target.followers.length + 1);

    await user.click(within(card).getByRole('button', { name: 'Unfollow' }));
    expect(await within(card).findByRole('button', { name: 'Follow' })).toBeEnabled();
    expect(within(card).getByText(`${target.followers.length} Followers`)).toBeVisible();
    expect(store.get(sessionAtom).user?.following).toHaveLength(myFollowing);
  });

  it("a follow made behind this page's back (other tab) is adopted at next press, not refused forever", async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    const { user: target } = await getUser(NOT_FOLLOWED);
    renderProfile(NOT_FOLLOWED, store);
    const card = await screen.findByRole('region', { name: 'Profile' });
    // Followed elsewhere: the server refuses a second follow with "User Already following".
    await followUser(target._id, store.get(sessionAtom).token);

    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(await within(card).findByRole('button', { name: 'Unfollow' })).toBeVisible();
    // The button changed at once; the refusal comes with the answer: look once the write has settled.
    await waitFor(() => expect(store.get(usersStateAtom).userStatus).toBe('fulfilled'));
    expect(screen.queryByText(/Could not follow/)).not.toBeInTheDocument();

    // The next press asks for the other thing, and the back end agrees.
    await user.click(within(card).getByRole('button', { name: 'Unfollow' }));
    expect(await within(card).findByRole('button', { name: 'Follow' })).toBeVisible();
    await waitFor(() => expect(store.get(usersStateAtom).userStatus).toBe('fulfilled'));
    expect(screen.queryByText(/Could not/)).not.toBeInTheDocument();
    expect((await getUser(NOT_FOLLOWED)).user.followers.map((ref) => ref.username)).not.toContain(ME);
  });

  it('an unfollow on a followed user’s profile shows Unfollow first', async () => {
    const store = await signedInStore();
    renderProfile(FOLLOWED, store);
    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(within(card).getByRole('button', { name: 'Unfollow' })).toBeVisible();
  });
});

describe('Edit Profile', () => {
  it('opens with Bio and Url prefilled; Save closes it, shows new values, updates stored session user', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    renderProfile(ME, store);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const bio = within(dialog).getByRole('textbox', { name: 'Bio' });
    const url = within(dialog).getByRole('textbox', { name: 'Url' });
    expect(bio).toHaveValue('Urban gardener, weekend cyclist, collector of odd teapots.');
    expect(url).toHaveValue('https://example.com/mira');
    expect(bio).toHaveFocus();

    await user.clear(bio);
    await user.type(bio, 'Now growing chillies.');
    await user.clear(url);
    await user.type(url, 'https://mira.example.org/garden');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = profileCard();
    // The cache's answer reaches the card a task after the dialog closes (the query cache notifies in a batch).
    expect(await within(card).findByText('Now growing chillies.')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'https://mira.example.org/garden' })).toHaveAttribute(
      'href',
      'https://mira.example.org/garden',
    );
    expect(store.get(sessionAtom).user).toMatchObject({
      bio: 'Now growing chillies.',
      link: 'https://mira.example.org/garden',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ bio: 'Now growing chillies.' });
    expect((await getUser(ME)).user.bio).toBe('Now growing chillies.');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Edit Profile' })).toHaveFocus());
  });

  it('Cancel (or Escape) closes without saving anything', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    renderProfile(ME, store);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), ' And nothing else.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Urban gardener, weekend cyclist, collector of odd teapots.')).toBeVisible();
    expect((await getUser(ME)).user.bio).toBe('Urban gardener, weekend cyclist, collector of odd teapots.');

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveValue(
      'Urban gardener, weekend cyclist, collector of odd teapots.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused save keeps the dialog open with what was typed and a clear message; nothing changes', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    renderProfile(ME, store);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Bio' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Bio' }), 'Sneaky');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Url' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Url' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const status = within(dialog).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Could not save your profile: Link must be an http:// or https:// URL.'),
    );
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Bio' })).toHaveValue('Sneaky');
    expect(within(dialog).getByRole('textbox', { name: 'Url' })).toHaveValue('javascript:alert(1)');
    expect(store.get(sessionAtom).user).toMatchObject({
      bio: 'Urban gardener, weekend cyclist, collector of odd teapots.',
    });
    expect(within(profileCard()).queryByText('Sneaky')).not.toBeInTheDocument();

    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(status).toHaveTextContent('');
  });
});

describe('states', () => {
  it('an unknown username ends in "User not found" with a way back to the feed', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    renderProfile('nobody-by-this-name', store);

    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeVisible();
    expect(screen.queryByText('Loading profile…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the feed' }));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('shows a user already in the query cache (a preload) at once, without the skeleton', async () => {
    const store = await signedInStore();
    await preloadUser(store, NOT_FOLLOWED);
    renderProfile(NOT_FOLLOWED, store);
    expect(screen.queryByText('Loading profile…')).not.toBeInTheDocument();
    expect(within(profileCard()).getByText(`@${NOT_FOLLOWED}`)).toBeVisible();
    expect(await within(profileCard()).findByRole('button', { name: 'Follow' })).toBeVisible();
  });

  it('shows a skeleton while loading someone the page knows nothing of yet, then the card', async () => {
    const store = await signedInStore();
    renderProfile(NOT_FOLLOWED, store);
    expect(screen.getByText('Loading profile…')).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Profile' });
    expect(within(card).getByText(`@${NOT_FOLLOWED}`)).toBeVisible();
    expect(screen.queryByText('Loading profile…')).not.toBeInTheDocument();
  });

  it("shows one's own profile at once from the session user while it loads, without the skeleton", async () => {
    const store = await signedInStore();
    renderProfile(ME, store);
    expect(screen.queryByText('Loading profile…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mira Okafor' })).toBeVisible();
  });

  it('when the user cannot be fetched, says so with Retry instead of "User not found"', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    // The back end is down: the request fails at the network level.
    stopMockServer();
    renderProfile(ME, store);
    expect(await screen.findByRole('heading', { name: 'The profile could not be loaded' })).toBeVisible();
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();

    startMockServer({ delay: 0 });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Mira Okafor' })).toBeVisible();
  });
});

describe("feed-mfe's post list", () => {
  it('when it cannot be loaded, shows a message with Retry in its place while the card keeps working', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    let attempts = 0;
    const flaky: LoadRemoteModule = async (id, options) => {
      attempts++;
      if (attempts === 1) throw new Error('manifest unreachable');
      return loadStandIn(id, options);
    };
    renderProfile(ME, store, flaky);

    expect(await screen.findByText('The posts could not be loaded.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Post list of @miraokafor')).toBeVisible();
    expect(screen.queryByText('The posts could not be loaded.')).not.toBeInTheDocument();
  });

  it('that throws while drawing shows the same message in its place, and Retry draws it again', async () => {
    const store = await signedInStore();
    const user = userEvent.setup();
    let broken = true;
    function SometimesThrows(props: { username: string }) {
      if (broken) throw new Error('a bug in the post list');
      return <StandInPostList {...props} />;
    }
    const throwing: LoadRemoteModule = async <T,>() => ({ default: SometimesThrows }) as T;
    // React reports the caught error on the console; the test is about what the person sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile(ME, store, throwing);

    expect(await screen.findByText('The posts could not be loaded.')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mira Okafor' })).toBeVisible();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Post list of @miraokafor')).toBeVisible();
    expect(screen.queryByText('The posts could not be loaded.')).not.toBeInTheDocument();
  });
});

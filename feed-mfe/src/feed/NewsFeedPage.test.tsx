import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newPostsWaitingAtom, sessionAtom, startNewPostsPoller } from '@murmur/data';
import { DEMO_ACCOUNT, startMockServer, stopMockServer } from '@murmur/mock-api';
import { FeedApp } from '../FeedApp';
import { asOtherUser, renderAt, signedInStore, TOMAS, withMockServer, type Store } from '@murmur/test-kit';
import { authorsInOrder, cardBy, findCardBy } from '../test/setup';

withMockServer();

let store: Store;
beforeEach(async () => {
  store = await signedInStore();
});

const LATEST = ['tomaslind', 'priyaraman', 'jonahwhit', 'aikotanabe'];
// Likes plus comments: 2, 12, 7, 2; the tie goes to the newer post.
const TRENDING = ['priyaraman', 'jonahwhit', 'tomaslind', 'aikotanabe'];

describe('news feed', () => {
  it('shows a loading skeleton, then the posts newest first with Latest pressed', async () => {
    renderAt('/', <FeedApp />, store);
    expect(screen.getByText('Loading posts…')).toBeInTheDocument();
    await findCardBy('tomaslind');
    expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
    expect(authorsInOrder()).toEqual(LATEST);
    const mode = screen.getByRole('group', { name: 'Feed mode' });
    expect(within(mode).getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(mode).getByRole('button', { name: 'Trending' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches between Trending and Latest orders, marking the selected one in light teal', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    await findCardBy('tomaslind');
    const trending = screen.getByRole('button', { name: 'Trending' });
    await user.click(trending);
    expect(trending).toHaveAttribute('aria-pressed', 'true');
    expect(trending).toHaveClass('bg-teal-100');
    expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'false');
    // Trending is its own paged list, fetched on first use.
    await waitFor(() => expect(authorsInOrder()).toEqual(TRENDING));
    // Latest is still in the cache: it shows at once.
    await user.click(screen.getByRole('button', { name: 'Latest' }));
    expect(authorsInOrder()).toEqual(LATEST);
  });

  it('publishes from the composer: the new post is at the top and the field clears', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    await findCardBy('tomaslind');
    const field = screen.getByRole('textbox', { name: "What's happening?" });
    await user.type(field, 'Fresh bread on the windowsill');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(authorsInOrder()[0]).toBe(DEMO_ACCOUNT.username));
    expect(within(cardBy(DEMO_ACCOUNT.username)).getByText('Fresh bread on the windowsill')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });

  it('renders user text as text, never as HTML', async () => {
    const user = userEvent.setup();
    const { container } = renderAt('/', <FeedApp />, store);
    await findCardBy('tomaslind');
    const markup = '<b>bold</b><img src=x onerror="window.hacked=1">';
    await user.click(screen.getByRole('textbox', { name: "What's happening?" }));
    await user.paste(markup);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const card = await findCardBy(DEMO_ACCOUNT.username);
    expect(within(card).getByText(markup)).toBeInTheDocument();
    expect(container.querySelector('article b')).toBeNull();
    expect(card.querySelectorAll('img[src="x"]')).toHaveLength(0);
  });

  it('keeps the typed text and says so when the post is refused', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    await findCardBy('tomaslind');
    const field = screen.getByRole('textbox', { name: "What's happening?" });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(/^Could not publish your post\. .+/));
    expect(field).toHaveValue('   ');
    expect(screen.getAllByRole('article')).toHaveLength(4);
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(status).toBeEmptyDOMElement();
  });
});

describe('Who to follow', () => {
  it('lists every other user and toggles Follow / Unfollow, updating the session user', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const region = await screen.findByRole('region', { name: 'Who to follow' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(6));
    expect(within(region).queryByText(`@${DEMO_ACCOUNT.username}`)).not.toBeInTheDocument();

    const row = (username: string) => within(region).getByText(`@${username}`).closest('li') as HTMLElement;
    // The seed has the demo user following tomaslind and not jonahwhit.
    expect(within(row('tomaslind')).getByRole('button')).toHaveAccessibleName('Unfollow');
    const follow = within(row('jonahwhit')).getByRole('button', { name: 'Follow' });
    expect(follow).toHaveAccessibleDescription('@jonahwhit');

    await user.click(follow);
    await waitFor(() => expect(within(row('jonahwhit')).getByRole('button')).toHaveAccessibleName('Unfollow'));
    expect(store.get(sessionAtom).user?.following.map((ref) => ref.username)).toContain('jonahwhit');

    await user.click(within(row('tomaslind')).getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(within(row('tomaslind')).getByRole('button')).toHaveAccessibleName('Follow'));
    expect(store.get(sessionAtom).user?.following.map((ref) => ref.username)).not.toContain('tomaslind');
  });

  it('shows ten people at first and twenty more a press, asking the back end for the next page as needed', async () => {
    stopMockServer();
    startMockServer({ delay: 0, scale: { users: 45, posts: 10 } });
    store = await signedInStore();
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const region = await screen.findByRole('region', { name: 'Who to follow' });
    const rows = () => within(region).queryAllByRole('listitem');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(within(region).getByRole('button', { name: 'Show more people' }));
    await waitFor(() => expect(rows()).toHaveLength(30));
    await user.click(within(region).getByRole('button', { name: 'Show more people' }));
    // 45 people but the session user; the last page was fetched for this press.
    await waitFor(() => expect(rows()).toHaveLength(44));
    expect(within(region).queryByRole('button', { name: 'Show more people' })).not.toBeInTheDocument();
    expect(within(region).queryByText(`@${DEMO_ACCOUNT.username}`)).not.toBeInTheDocument();
  });
});

describe('new posts', () => {
  const NEW_POSTS = /^\d+ new posts?$/;
  let stopPoller = () => {};
  afterEach(() => stopPoller());

  /** The page's poller, asking every second (the shortest interval a page may be given). */
  const startPoller = () => {
    stopPoller = startNewPostsPoller(store, 1_000);
  };
  const postAsTomas = async (text: string) => {
    const tomas = await asOtherUser(TOMAS.username, TOMAS.password);
    expect((await tomas.post('/posts', { postData: text })).status).toBe(201);
  };

  it('coming back to the feed while posts wait shows them, with no "N new posts" nor a word', async () => {
    startPoller();
    const away = renderAt('/', <FeedApp />, store);
    await findCardBy('tomaslind');
    away.unmount();
    await postAsTomas('Written while the reader was away');
    await waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });

    // Every text the page puts in the document from the visit on, however briefly.
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') added.push(record.target.textContent ?? '');
        for (const node of record.addedNodes) added.push(node.textContent ?? '');
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const { container } = renderAt('/', <FeedApp />, store);
    const region = container.querySelector('p[aria-live="polite"]');
    expect(screen.queryByRole('button', { name: NEW_POSTS })).not.toBeInTheDocument();
    expect(region).toBeEmptyDOMElement();
    // The visit's list shows them.
    expect(await screen.findByText('Written while the reader was away')).toBeInTheDocument();
    // The answers after the visit agree: nothing is waiting.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    observer.disconnect();
    expect(added.filter((text) => /new posts?$|waiting above/.test(text))).toEqual([]);
    expect(screen.queryByRole('button', { name: NEW_POSTS })).not.toBeInTheDocument();
    expect(region).toBeEmptyDOMElement();

    // What comes after the visit is offered, and announced.
    await postAsTomas('Written after the visit');
    expect(await screen.findByRole('button', { name: '1 new post' }, { timeout: 5_000 })).toBeVisible();
    expect(region).toHaveTextContent('New posts are waiting above the feed.');
  });

  it('coming back to Trending while posts wait shows the ranking; it says it changed only when it does', async () => {
    startPoller();
    const user = userEvent.setup();
    const away = renderAt('/', <FeedApp />, store);
    await findCardBy('tomaslind');
    await user.click(screen.getByRole('button', { name: 'Trending' }));
    await waitFor(() => expect(authorsInOrder()).toEqual(TRENDING));
    away.unmount();
    await postAsTomas('Written while the reader was away');
    await waitFor(() => expect(store.get(newPostsWaitingAtom)).toBe(1), { timeout: 5_000 });

    const { container } = renderAt('/', <FeedApp />, store);
    const region = container.querySelector('p[aria-live="polite"]');
    const changed = () => screen.queryByRole('button', { name: 'Trending has changed: show the new ranking' });
    // The visit fetches the ranking again, the new post in it.
    expect(await screen.findByText('Written while the reader was away')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(changed()).not.toBeInTheDocument();
    expect(region).toBeEmptyDOMElement();

    await postAsTomas('Written after the visit');
    await waitFor(() => expect(changed()).toBeVisible(), { timeout: 5_000 });
    expect(region).toHaveTextContent('Trending has changed.');
  });

  it('from the 10th post, Control+Home focuses "N new posts" where it floats, without moving the page', async () => {
    stopMockServer();
    startMockServer({ delay: 0, scale: { users: 10, posts: 30 } });
    store = await signedInStore();
    startPoller();
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const list = await screen.findByRole('feed', { name: 'Posts' });
    await waitFor(() => expect(within(list).getAllByRole('article').length).toBeGreaterThanOrEqual(10));
    await postAsTomas('Something new');
    const control = await screen.findByRole('button', { name: '1 new post' }, { timeout: 5_000 });
    expect(control).toHaveAttribute('aria-keyshortcuts', 'Control+Home');

    // jsdom has no scrollIntoView and lays nothing out: stand-ins tell whether the page was asked to move.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      // A post down the list (jsdom lays nothing out, so which cards the window holds is its own affair).
      const down = within(list)
        .getAllByRole('article')
        .find((article) => Number(article.getAttribute('aria-posinset')) >= 10);
      if (!down) throw new Error('no post from the 10th on is rendered');
      await user.click(within(down).getByRole('button', { name: 'Share' }));
      await user.keyboard('{Control>}{Home}{/Control}');
      expect(control).toHaveFocus();
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(scrollTo).not.toHaveBeenCalled();
      // The reader chooses: Enter shows them, focus on the first.
      await user.keyboard('{Enter}');
      const first = () => list.querySelector<HTMLElement>('article[aria-posinset="1"]');
      await waitFor(() => expect(first()).toHaveFocus());
      expect(first()).toHaveTextContent('Something new');
    } finally {
      scrollTo.mockRestore();
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });
});

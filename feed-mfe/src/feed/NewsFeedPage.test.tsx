import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionAtom } from '@murmur/data';
import { DEMO_ACCOUNT, startMockServer, stopMockServer } from '@murmur/mock-api';
import { FeedApp } from '../FeedApp';
import { renderAt, signedInStore, withMockServer, type Store } from '@murmur/test-kit';
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

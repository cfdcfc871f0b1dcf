import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPostAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { FeedApp } from '../FeedApp';
import { asOtherUser, renderAt, signedInStore, TOMAS, withMockServer, type Store } from '@murmur/test-kit';
import { cardBy, findCardBy } from '../test/setup';

withMockServer();

let store: Store;
beforeEach(async () => {
  store = await signedInStore();
});
afterEach(() => {
  vi.useRealTimers();
});

const likeCount = (card: HTMLElement) => within(card).getByTestId('like-count').textContent;
const comments = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('post card', () => {
  it('shows author, text, counts and relative times with the full date as title', async () => {
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('tomaslind');
    expect(within(card).getByRole('link', { name: 'tomaslind' })).toHaveAttribute('href', '/profile/tomaslind');
    expect(within(card).getByText(/varnishing the little rowboat/)).toBeInTheDocument();
    expect(likeCount(card)).toBe('0');
    expect(within(card).getByText('2 comments')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    // Seeded 95 minutes ago.
    const postTime = card.querySelector('header time');
    expect(postTime).toHaveTextContent('1h');
    expect(postTime?.getAttribute('dateTime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(postTime?.getAttribute('title')).toMatch(/\d{4} at \d/);
  });

  it('likes, then unlikes on the second press', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('priyaraman');
    const like = within(card).getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount(card)).toBe('10');
    await user.click(like);
    await waitFor(() => expect(likeCount(cardBy('priyaraman'))).toBe('11'));
    expect(within(cardBy('priyaraman')).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(cardBy('priyaraman')).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(likeCount(cardBy('priyaraman'))).toBe('10'));
    expect(within(cardBy('priyaraman')).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when a like is refused, changing nothing', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('tomaslind');
    // Tomas deletes his post from another browser; this page still shows it.
    await (await asOtherUser(TOMAS.username, TOMAS.password)).delete('/posts/post-seed-01');
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    // The message and the rollback reach the screen in either order: what counts is that both do.
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Could not like the post. Post not found.');
      expect(likeCount(cardBy('tomaslind'))).toBe('0');
      expect(within(cardBy('tomaslind')).getByRole('button', { name: 'Like' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });
  });

  it('toggles the bookmark both ways', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('jonahwhit');
    await user.click(within(card).getByRole('button', { name: 'Bookmark' }));
    await waitFor(() =>
      expect(within(cardBy('jonahwhit')).getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await user.click(within(cardBy('jonahwhit')).getByRole('button', { name: 'Bookmark' }));
    await waitFor(() =>
      expect(within(cardBy('jonahwhit')).getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });
});

describe('comments', () => {
  it('adds a comment with Enter: it shows first, the field clears and keeps focus', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('aikotanabe');
    const input = within(card).getByRole('textbox', { name: 'Add a comment...' });
    expect(input).toHaveAttribute('placeholder', 'Add a comment...');
    await user.click(input);
    await user.keyboard('Treats are on me{Enter}');
    await waitFor(() => expect(comments(cardBy('aikotanabe'))[0]).toBe('Treats are on me'));
    const first = within(cardBy('aikotanabe')).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: DEMO_ACCOUNT.username })).toBeInTheDocument();
    expect(within(first).getByText('now').tagName).toBe('TIME');
    expect(within(cardBy('aikotanabe')).getByText('3 comments')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('shows only the 4 newest comments, newest first', async () => {
    // Timestamps have whole seconds: let a minute pass between comments, as between a person's comments.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('jonahwhit');
    expect(comments(card)).toEqual(['Save me a croissant next time.', 'Best shift perk ever.']);
    const input = within(card).getByRole('textbox', { name: 'Add a comment...' });
    for (const text of ['one', 'two', 'three']) {
      vi.setSystemTime(Date.now() + 60_000);
      await user.type(input, `${text}{Enter}`);
      await waitFor(() => expect(input).toHaveValue(''));
    }
    await waitFor(() => expect(within(cardBy('jonahwhit')).getByText('5 comments')).toBeInTheDocument());
    expect(comments(cardBy('jonahwhit'))).toEqual(['three', 'two', 'one', 'Save me a croissant next time.']);
  });

  it('keeps the typed comment and says so when it is refused', async () => {
    const user = userEvent.setup();
    renderAt('/', <FeedApp />, store);
    const card = await findCardBy('tomaslind');
    await (await asOtherUser(TOMAS.username, TOMAS.password)).delete('/posts/post-seed-01');
    const input = within(card).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Lovely boat{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Could not add your comment. Post not found.'),
    );
    expect(input).toHaveValue('Lovely boat');
  });
});

describe('post options', () => {
  it("are offered only on the viewer's own posts, with Delete and without Edit outside their profile", async () => {
    const user = userEvent.setup();
    await store.set(createPostAtom, 'Mine to manage');
    renderAt('/', <FeedApp />, store);
    const mine = await findCardBy(DEMO_ACCOUNT.username);
    for (const other of ['tomaslind', 'priyaraman', 'jonahwhit', 'aikotanabe']) {
      expect(within(cardBy(other)).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
    }
    await user.click(within(mine).getByRole('button', { name: 'Post options' }));
    const menu = screen.getByRole('menu', { name: 'Post options' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Post options' })).toHaveFocus();
  });

  it('Delete removes the post', async () => {
    const user = userEvent.setup();
    await store.set(createPostAtom, 'Short-lived thought');
    renderAt('/', <FeedApp />, store);
    const mine = await findCardBy(DEMO_ACCOUNT.username);
    await user.click(within(mine).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Short-lived thought')).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FeedApp } from '../FeedApp';
import { renderAt, signedInStore, withMockServer, type Store } from '@murmur/test-kit';
import { authorsInOrder, cardBy, findCardBy } from '../test/setup';
import { bookmarkHeading } from './BookmarkPage';

withMockServer();

let store: Store;
beforeEach(async () => {
  store = await signedInStore();
});

describe('bookmarkHeading', () => {
  it('counts in the singular and plural, and says when there are none', () => {
    expect(bookmarkHeading(0)).toBe('No Post is bookmarked yet');
    expect(bookmarkHeading(1)).toBe('1 Bookmarked Post');
    expect(bookmarkHeading(2)).toBe('2 Bookmarked Posts');
  });
});

describe('bookmark page', () => {
  it('says no post is bookmarked yet, with no posts listed', async () => {
    renderAt('/bookmark', <FeedApp />, store);
    expect(await screen.findByRole('heading', { level: 1, name: 'No Post is bookmarked yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('lists the posts bookmarked in the feed under "N Bookmarked Posts"; drops one when un-bookmarked', async () => {
    const user = userEvent.setup();
    const feed = renderAt('/', <FeedApp />, store);
    for (const author of ['jonahwhit', 'aikotanabe']) {
      const button = within(await findCardBy(author)).getByRole('button', { name: 'Bookmark' });
      await user.click(button);
      await waitFor(() =>
        expect(within(cardBy(author)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
          'aria-pressed',
          'true',
        ),
      );
    }
    feed.unmount();

    renderAt('/bookmark', <FeedApp />, store);
    expect(await screen.findByRole('heading', { level: 1, name: '2 Bookmarked Posts' })).toBeInTheDocument();
    expect(authorsInOrder()).toEqual(['jonahwhit', 'aikotanabe']);

    await user.click(
      within(screen.getByRole('article', { name: 'jonahwhit' })).getByRole('button', { name: 'Bookmark' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '1 Bookmarked Post' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await user.click(
      within(screen.getByRole('article', { name: 'aikotanabe' })).getByRole('button', { name: 'Bookmark' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'No Post is bookmarked yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

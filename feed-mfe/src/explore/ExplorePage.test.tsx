import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, feedModeAtom, loginAtom, startMockServer, stopMockServer } from '@murmur/mock-api';
import { createStore } from 'jotai';
import { FeedApp } from '../FeedApp';
import { PAGE_SIZE } from '../posts/PostList';
import { asOtherUser, renderAt, signedInStore, TOMAS, withMockServer } from '@murmur/test-kit';
import { authorsInOrder } from '../test/setup';

describe('explore page', () => {
  withMockServer();

  it('lists all posts newest first, whatever the feed mode', async () => {
    const store = await signedInStore();
    store.set(feedModeAtom, 'trending');
    await (await asOtherUser(TOMAS.username, TOMAS.password)).post('/posts', { postData: 'Just launched the rowboat' });
    renderAt('/explore', <FeedApp />, store);
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(authorsInOrder()).toEqual(['tomaslind', 'tomaslind', 'priyaraman', 'jonahwhit', 'aikotanabe']);
    expect(
      within(screen.getAllByRole('article')[0] as HTMLElement).getByText('Just launched the rowboat'),
    ).toBeInTheDocument();
  });
});

describe('with many posts', () => {
  it(`renders ${PAGE_SIZE} cards at first and more on "Show more"`, async () => {
    startMockServer({ delay: 0, scale: { users: 30, posts: 120 } });
    try {
      const store = createStore();
      await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
      const user = userEvent.setup();
      renderAt('/explore', <FeedApp />, store);
      expect(await screen.findAllByRole('article')).toHaveLength(PAGE_SIZE);
      expect(screen.getByText(`Showing ${PAGE_SIZE} of 120 posts`)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      expect(screen.getAllByRole('article')).toHaveLength(2 * PAGE_SIZE);
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      expect(screen.getAllByRole('article')).toHaveLength(120);
      expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    } finally {
      stopMockServer();
    }
  });
});

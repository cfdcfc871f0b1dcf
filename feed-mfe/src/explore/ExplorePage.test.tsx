import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT,
  feedModeAtom,
  loginAtom,
  POSTS_PAGE_SIZE,
  startMockServer,
  stopMockServer,
} from '@murmur/mock-api';
import { createStore } from 'jotai';
import { FeedApp } from '../FeedApp';
import { asOtherUser, clearQueryCache, renderAt, signedInStore, TOMAS, withMockServer } from '@murmur/test-kit';
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
  it(`loads ${POSTS_PAGE_SIZE} posts at first, the next page on "Load more", and says when the end is reached`, async () => {
    clearQueryCache();
    startMockServer({ delay: 0, scale: { users: 30, posts: 45 } });
    try {
      const store = createStore();
      await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
      const user = userEvent.setup();
      renderAt('/explore', <FeedApp />, store);
      expect(await screen.findAllByRole('article')).toHaveLength(POSTS_PAGE_SIZE);
      expect(screen.queryByText('You have reached the end.')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2 * POSTS_PAGE_SIZE));
      await user.click(await screen.findByRole('button', { name: 'Load more' }));
      // The scale counts the 4 seed posts.
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(45));
      expect(screen.getByText('You have reached the end.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    } finally {
      stopMockServer();
    }
  });
});

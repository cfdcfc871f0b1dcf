import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPageStore, feedModeAtom, loginAtom, POSTS_PAGE_SIZE } from '@murmur/data';
import { DEMO_ACCOUNT, startMockServer, stopMockServer } from '@murmur/mock-api';
import { FeedApp } from '../FeedApp';
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
  it(`shows the first ${POSTS_PAGE_SIZE} posts as a feed whose size is unknown while more pages remain`, async () => {
    startMockServer({ delay: 0, scale: { users: 30, posts: 120 } });
    try {
      const store = createPageStore();
      await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
      renderAt('/explore', <FeedApp />, store);
      const feed = await screen.findByRole('feed', { name: 'All posts' });
      // jsdom lays nothing out, so which cards are in the window, and the next pages, are for the browser test.
      const articles = await within(feed).findAllByRole('article');
      expect(articles.length).toBeLessThanOrEqual(POSTS_PAGE_SIZE);
      expect(new Set(articles.map((article) => article.getAttribute('aria-setsize')))).toEqual(new Set(['-1']));
      const places = articles.map((article) => Number(article.getAttribute('aria-posinset')));
      expect(places).toEqual(places.map((_, i) => (places[0] ?? 0) + i));
      expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();
    } finally {
      stopMockServer();
    }
  });
});

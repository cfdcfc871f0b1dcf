/** Queries the feed's component tests share (not itself a test); the rest comes from @murmur/test-kit. */
import { screen, within } from '@testing-library/react';

/** The card of the post whose author is `username` (cards are named by their author). */
export const cardBy = (username: string) => screen.getByRole('article', { name: username });
export const findCardBy = (username: string) => screen.findByRole('article', { name: username });

export const authorsInOrder = () =>
  screen.getAllByRole('article').map((article) => within(article).getAllByRole('link')[0]?.textContent);

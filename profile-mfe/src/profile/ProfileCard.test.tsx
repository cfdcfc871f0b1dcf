import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUser, type User } from '@murmur/data';
import { withMockServer } from '@murmur/test-kit';
import { ProfileCard } from './ProfileCard';

withMockServer();

/**
 * The back end refuses to store a link that is not http(s), but the card must not rely on that: data can come from
 * older records or other clients. So a real user is given a hostile link here, the one place it can be.
 */
async function userWithLink(link: string): Promise<User> {
  const { user } = await getUser('tomaslind');
  return { ...user, link };
}

describe('the profile link', () => {
  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/x'])(
    'shows %j as plain text, never as a link',
    async (link) => {
      render(<ProfileCard user={await userWithLink(link)} postCount={1} action={null} />);
      expect(screen.getByRole('heading', { name: 'Tomas Lindqvist' })).toBeVisible();
      expect(screen.getByText(link)).toBeVisible();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(document.querySelector('a')).toBeNull();
    },
  );

  it('shows an http(s) link that opens in a new tab without access to this page', async () => {
    render(<ProfileCard user={await userWithLink('https://example.com/boats')} postCount={1} action={null} />);
    const link = screen.getByRole('link', { name: 'https://example.com/boats' });
    expect(link).toHaveAttribute('href', 'https://example.com/boats');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows nothing for an empty link', async () => {
    render(<ProfileCard user={await userWithLink('')} postCount={1} action={null} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the counts', () => {
  it('read "N Posts", "N Followers", "N Following", with a placeholder until the posts are known', async () => {
    const { user } = await getUser('tomaslind');
    const { rerender } = render(<ProfileCard user={user} postCount="loading" action={null} />);
    expect(screen.queryByText(/Posts$/)).not.toBeInTheDocument();
    expect(screen.getByText(`${user.followers.length} Followers`)).toBeVisible();
    expect(screen.getByText(`${user.following.length} Following`)).toBeVisible();
    rerender(<ProfileCard user={user} postCount={1} action={null} />);
    expect(screen.getByText('1 Posts')).toBeVisible();
  });
});

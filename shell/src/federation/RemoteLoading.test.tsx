import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RemoteName } from '@murmur/config/apps';
import { RemoteLoading } from './RemoteLoading';

/** The skeleton's shape: the login card is the narrow one (`max-w-md`), a column of content the wide one. */
const shapeOf = (remote: RemoteName) => {
  const { container, unmount } = render(<RemoteLoading remote={remote} />);
  const shape = container.querySelector('.max-w-md') ? 'card' : container.querySelector('.max-w-2xl') ? 'column' : '';
  unmount();
  return shape;
};

describe('a remote loading', () => {
  it('holds the place of the signed-out route (the sign-in form) as a card, of every other screen as a column', () => {
    expect(shapeOf('auth-mfe')).toBe('card');
    expect(shapeOf('feed-mfe')).toBe('column');
    expect(shapeOf('profile-mfe')).toBe('column');
  });
});

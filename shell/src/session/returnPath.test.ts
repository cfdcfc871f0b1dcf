import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from './returnPath';

describe('the return path after login', () => {
  it.each(['/', '/explore', '/profile/tomaslind?tab=posts#top', '/bookmark', '/authors-corner'])(
    'accepts the app path %s',
    (path) => {
      expect(isSafeReturnPath(path)).toBe(true);
    },
  );

  it.each([
    ['/\\evil.com'],
    ['//evil.com'],
    ['/\\/evil.com'],
    ['\\\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['https://evil.com/'],
    ['javascript:alert(1)'],
    ['evil.com'],
    [''],
    ['/auth'],
    ['/auth/again'],
    [undefined],
    [42],
  ])('refuses %j', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });
});

// @ts-check
import { describe, expect, it } from 'vitest';
import { matchRoute, navLinks, profilePath, routesOf } from './routes.js';

describe('routes', () => {
  it("gives each remote the paths it owns, and the top bar's links in order", () => {
    expect(routesOf('feed-mfe')).toEqual([
      { name: 'newsFeed', path: '/' },
      { name: 'bookmark', path: '/bookmark' },
      { name: 'explore', path: '/explore' },
    ]);
    expect(routesOf('auth-mfe').map((route) => route.path)).toEqual(['/auth']);
    // A route added since (packages/new-remote) comes after these.
    expect(navLinks.map((link) => link.label).slice(0, 3)).toEqual(['NewsFeed', 'Bookmark', 'Explore']);
  });

  it('builds a profile address, escaping the username', () => {
    expect(profilePath('miraokafor')).toBe('/profile/miraokafor');
    expect(profilePath('a/b c')).toBe('/profile/a%2Fb%20c');
  });

  it('finds the route of an address, with its decoded parts, and none for an address no route owns', () => {
    expect(matchRoute('/')).toEqual({ name: 'newsFeed', params: {} });
    expect(matchRoute('/explore')).toEqual({ name: 'explore', params: {} });
    expect(matchRoute(profilePath('a/b c'))).toEqual({ name: 'profile', params: { profileID: 'a/b c' } });
    expect(matchRoute('/profile/')).toBeNull();
    expect(matchRoute('/profile/a/b')).toBeNull();
    expect(matchRoute('/nowhere')).toBeNull();
  });
});

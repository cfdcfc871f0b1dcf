import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's flow of an override, from the address to the badge, with the server's answers stubbed. Each pageWith is
// a page load: the modules afresh (an override is checked once per page load), the tab's sessionStorage kept.

const manifestUrl = 'http://localhost:4031/mf-manifest.json';
const shared = [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' }];
const fitting = {
  name: 'feed_mfe',
  metaData: { publicPath: 'auto' },
  shared,
  exposes: [{ path: './app' }, { path: './UserPostList' }],
};
const shellManifest = { name: 'shell', metaData: { publicPath: 'auto' }, shared, exposes: [] };

function serve(answers: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const path = new URL(url, window.location.href);
    asked.push(path.href);
    const body = answers[path.origin === window.location.origin ? path.pathname : path.href];
    return Promise.resolve(
      body === undefined ? new Response('', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 }),
    );
  });
  return asked;
}

async function pageWith(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  vi.resetModules();
  const overrides = await import('./remoteOverrides');
  const inUse = await import('./overridesInUse');
  const { OverrideBadge } = await import('./OverrideBadge');
  return { ...overrides, ...inUse, OverrideBadge };
}

beforeEach(() => {
  sessionStorage.clear();
  document.cookie = 'murmur-overriding=; Max-Age=0; Path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const settingOn = { enabled: true, localhost: true, prefixes: [] };
const proposal = `?override=feed-mfe=${encodeURIComponent(manifestUrl)}&mock-delay=0`;

/** Presses Apply on the proposal, as a person would: the tab then loads again, holding the override. */
async function apply(page: Awaited<ReturnType<typeof pageWith>>) {
  await page.activeOverrides();
  render(<page.OverrideBadge />);
  // jsdom does not navigate: the next load is the test's next pageWith.
  const noNavigation = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await userEvent.click(await screen.findByRole('button', { name: 'Apply override' }));
  noNavigation.mockRestore();
  cleanup();
}

describe('an override of a remote', () => {
  it('is only proposed by an address: shown with its URL and origin, nothing asked of it until pressed', async () => {
    const asked = serve({ '/overrides.json': settingOn, '/mf-manifest.json': shellManifest, [manifestUrl]: fitting });
    const page = await pageWith(proposal);
    expect(await page.activeOverrides()).toEqual({});
    expect(window.location.search).toBe('?mock-delay=0');
    expect(asked).not.toContain(manifestUrl);
    expect(sessionStorage.length).toBe(0);
    render(<page.OverrideBadge />);
    const shown = screen.getByRole('status', { name: 'feed-mfe override proposed' });
    expect(shown).toHaveTextContent(manifestUrl);
    expect(shown).toHaveTextContent('from http://localhost:4031');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('murmur-overriding');
  });

  it('once applied, is held by the tab, checked, used by the loader and named on the badge', async () => {
    serve({ '/overrides.json': settingOn, '/mf-manifest.json': shellManifest, [manifestUrl]: fitting });
    await apply(await pageWith(proposal));
    // The load it asks for carries the cookie the edge gives the weaker policy for (and no link can carry).
    expect(document.cookie).toContain('murmur-overriding=1');
    const page = await pageWith('?overriding=1&mock-delay=0');
    expect(await page.activeOverrides()).toEqual({ 'feed-mfe': manifestUrl });
    expect(window.location.search).toBe('?mock-delay=0');
    const live = { 'feed-mfe': 'http://localhost:4002/v1/mf-manifest.json', 'auth-mfe': 'http://localhost:4001/a' };
    expect(await page.withOverrides(() => Promise.resolve(live))()).toEqual({ ...live, 'feed-mfe': manifestUrl });
    expect(await page.isOverridden('feed-mfe', 'http://localhost:4031/_attempt/2/mf-manifest.json')).toBe(true);
    expect(await page.isOverridden('feed-mfe', live['feed-mfe'])).toBe(false);

    render(<page.OverrideBadge />);
    const badge = screen.getByRole('status', { name: `feed-mfe from ${manifestUrl}` });
    expect(badge).toHaveTextContent('this tab only');
    expect(screen.getByRole('button', { name: 'Clear override' })).toBeInTheDocument();
  });

  it('expires after a working day', async () => {
    serve({ '/overrides.json': settingOn, '/mf-manifest.json': shellManifest, [manifestUrl]: fitting });
    vi.useFakeTimers({ toFake: ['Date'] });
    await apply(await pageWith(proposal));
    vi.setSystemTime(Date.now() + 7 * 60 * 60 * 1000);
    expect(await (await pageWith('?overriding=1')).activeOverrides()).toEqual({ 'feed-mfe': manifestUrl });
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    expect(await (await pageWith('')).activeOverrides()).toEqual({});
    expect(sessionStorage.length).toBe(0);
  });

  it('is not taken by a copy of the tab while the tab it was copied from is open', async () => {
    serve({ '/overrides.json': settingOn, '/mf-manifest.json': shellManifest, [manifestUrl]: fitting });
    await apply(await pageWith(proposal));
    const original = await pageWith('?overriding=1');
    expect(await original.activeOverrides()).toEqual({ 'feed-mfe': manifestUrl });
    // The copy: the same sessionStorage (a browser copies it), a page of its own.
    const copy = await pageWith('');
    expect(await copy.activeOverrides()).toEqual({});
    expect(sessionStorage.length).toBe(0);
  });

  it('does nothing where the environment has overrides off, and forgets the request', async () => {
    const asked = serve({ '/overrides.json': { enabled: false }, [manifestUrl]: fitting });
    const page = await pageWith(`?override=feed-mfe=${encodeURIComponent(manifestUrl)}`);
    expect(await page.activeOverrides()).toEqual({});
    expect(sessionStorage.length).toBe(0);
    expect(asked).not.toContain(manifestUrl);
    const { container } = render(<page.OverrideBadge />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks nothing of the server when the tab has no override', async () => {
    const asked = serve({});
    const page = await pageWith('');
    expect(await page.activeOverrides()).toEqual({});
    expect(asked).toEqual([]);
  });

  it('is refused, with its reason on the badge, when the manifest does not fit the live shell', async () => {
    serve({
      '/overrides.json': settingOn,
      '/mf-manifest.json': shellManifest,
      [manifestUrl]: { ...fitting, exposes: [{ path: './app' }] },
    });
    await apply(await pageWith(proposal));
    const page = await pageWith('?overriding=1');
    expect(await page.activeOverrides()).toEqual({});
    render(<page.OverrideBadge />);
    expect(screen.getByRole('status', { name: 'feed-mfe override refused' })).toHaveTextContent(
      'it does not expose ./UserPostList, which the composed app loads',
    );
  });

  it('is refused at an address the environment does not allow, asking it nothing, offering no Apply', async () => {
    const asked = serve({
      '/overrides.json': { enabled: true, localhost: false, prefixes: ['https://dev.example.org/~mira/'] },
    });
    const page = await pageWith(`?override=feed-mfe=${encodeURIComponent('https://dev.example.org/~bob/m.json')}`);
    expect(await page.activeOverrides()).toEqual({});
    expect(asked.some((url) => url.startsWith('https://dev.example.org'))).toBe(false);
    render(<page.OverrideBadge />);
    expect(screen.getByRole('status', { name: 'feed-mfe override proposed' })).toHaveTextContent(
      'https://dev.example.org/~bob/m.json is not allowed',
    );
    expect(screen.queryByRole('button', { name: 'Apply override' })).toBeNull();
  });
});

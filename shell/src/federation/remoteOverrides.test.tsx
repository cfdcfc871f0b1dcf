import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's flow of an override, from the address to the badge, with the server's answers stubbed. Each test loads
// the module afresh: an override is checked once per page load.

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
  const { OverrideBadge } = await import('./OverrideBadge');
  return { ...overrides, OverrideBadge };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('an override of a remote', () => {
  it('is taken from the address into this tab, checked, used by the loader and named on the badge', async () => {
    serve({
      '/overrides.json': { enabled: true, origins: [] },
      '/mf-manifest.json': shellManifest,
      [manifestUrl]: fitting,
    });
    const page = await pageWith(`?override=feed-mfe=${encodeURIComponent(manifestUrl)}&mock-delay=0`);
    expect(await page.activeOverrides()).toEqual({ 'feed-mfe': manifestUrl });
    expect(window.location.search).toBe('?mock-delay=0');
    expect(sessionStorage.getItem('murmur.remoteOverrides')).toContain(manifestUrl);
    const live = { 'feed-mfe': 'http://localhost:4002/v1/mf-manifest.json', 'auth-mfe': 'http://localhost:4001/a' };
    expect(await page.withOverrides(() => Promise.resolve(live))()).toEqual({ ...live, 'feed-mfe': manifestUrl });
    expect(await page.isOverridden('feed-mfe', 'http://localhost:4031/_attempt/2/mf-manifest.json')).toBe(true);
    expect(await page.isOverridden('feed-mfe', live['feed-mfe'])).toBe(false);

    render(<page.OverrideBadge />);
    const badge = screen.getByRole('status', { name: `feed-mfe from ${manifestUrl}` });
    expect(badge).toHaveTextContent('this tab only');
    expect(screen.getByRole('button', { name: 'Clear override' })).toBeInTheDocument();
  });

  it('does nothing where the environment has overrides off, and forgets the request', async () => {
    const asked = serve({ '/overrides.json': { enabled: false, origins: [] }, [manifestUrl]: fitting });
    const page = await pageWith(`?override=feed-mfe=${encodeURIComponent(manifestUrl)}`);
    expect(await page.activeOverrides()).toEqual({});
    expect(sessionStorage.getItem('murmur.remoteOverrides')).toBeNull();
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
      '/overrides.json': { enabled: true, origins: [] },
      '/mf-manifest.json': shellManifest,
      [manifestUrl]: { ...fitting, exposes: [{ path: './app' }] },
    });
    sessionStorage.setItem('murmur.remoteOverrides', JSON.stringify({ 'feed-mfe': manifestUrl }));
    const page = await pageWith('');
    expect(await page.activeOverrides()).toEqual({});
    render(<page.OverrideBadge />);
    expect(screen.getByRole('status', { name: 'feed-mfe override refused' })).toHaveTextContent(
      'it does not expose ./UserPostList, which the composed app loads',
    );
  });

  it('is refused at an address the environment does not allow, without asking it anything', async () => {
    const asked = serve({ '/overrides.json': { enabled: true, origins: ['https://dev.example.org'] } });
    const page = await pageWith(`?override=feed-mfe=${encodeURIComponent('https://dev.example.org:8443/m.json')}`);
    expect(await page.activeOverrides()).toEqual({});
    expect(asked.some((url) => url.startsWith('https://dev.example.org'))).toBe(false);
    render(<page.OverrideBadge />);
    expect(screen.getByRole('status', { name: 'feed-mfe override refused' })).toHaveTextContent(
      'https://dev.example.org:8443 is not allowed',
    );
  });
});

// @ts-check
import { describe, expect, it } from 'vitest';
import { refusalOfRemote, refusalOfShell } from './promotion.js';

/** @param {Partial<import('./promotion.js').Manifest>} overrides @returns {import('./promotion.js').Manifest} */
const manifest = (overrides) => ({
  name: 'feed_mfe',
  metaData: { publicPath: 'auto' },
  shared: [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' }],
  exposes: [{ path: './app' }, { path: './UserPostList' }],
  ...overrides,
});
const shell = manifest({ name: 'shell', exposes: [] });
const context = { expectedName: 'feed_mfe', consumed: ['./app', './UserPostList'], shell };

describe('refusalOfRemote', () => {
  it('accepts a remote that exposes what is loaded and needs what the shell ships', () => {
    expect(refusalOfRemote(manifest({}), context)).toBeNull();
  });

  it('refuses a remote built against a React major the shell does not ship', () => {
    const react20 = manifest({
      shared: [{ name: 'react', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' }],
    });
    expect(refusalOfRemote(react20, context)).toBe('it needs react ^20.0.0, the live shell provides 19.3.1');
  });

  it('refuses a remote needing a singleton the shell does not provide at all', () => {
    const needsZustand = manifest({
      shared: [{ name: 'zustand', version: '5.0.0', singleton: true, requiredVersion: '^5.0.0' }],
    });
    expect(refusalOfRemote(needsZustand, context)).toBe(
      'it needs the singleton zustand, which the live shell does not provide',
    );
  });

  it('accepts an older minor the shell satisfies', () => {
    const older = manifest({
      shared: [{ name: 'react', version: '19.0.0', singleton: true, requiredVersion: '^19.0.0' }],
    });
    expect(refusalOfRemote(older, context)).toBeNull();
  });

  it('refuses a remote that no longer exposes a module another app loads', () => {
    const noList = manifest({ exposes: [{ path: './app' }] });
    expect(refusalOfRemote(noList, context)).toBe('it does not expose ./UserPostList, which the composed app loads');
  });

  it('refuses a build of another remote under this pointer', () => {
    expect(refusalOfRemote(manifest({ name: 'auth_mfe' }), context)).toBe(
      'its federation name is auth_mfe, the pointer expects feed_mfe',
    );
  });

  it('refuses a build whose chunks are pinned to one origin', () => {
    const pinned = manifest({
      metaData: { publicPath: 'http://localhost:4002/' },
    });
    expect(refusalOfRemote(pinned, context)).toMatch(/^its chunks are pinned to http:\/\/localhost:4002\//);
  });
});

describe('refusalOfShell', () => {
  it('refuses a shell that would leave a live remote without its React', () => {
    const shell20 = manifest({ name: 'shell', shared: [{ name: 'react', version: '20.1.0', singleton: true }] });
    const refusal = refusalOfShell(shell20, {
      expectedName: 'shell',
      liveRemotes: [{ label: 'feed-mfe v1', manifest: manifest({}) }],
    });
    expect(refusal).toBe('the live feed-mfe v1: it needs react ^19.3.1, this shell provides 20.1.0');
  });

  it('accepts a shell every live remote runs on', () => {
    expect(
      refusalOfShell(shell, {
        expectedName: 'shell',
        liveRemotes: [{ label: 'feed-mfe v1', manifest: manifest({}) }],
      }),
    ).toBeNull();
  });
});

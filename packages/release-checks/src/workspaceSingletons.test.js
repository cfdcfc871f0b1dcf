// @ts-check
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import inc from 'semver/functions/inc.js';
import major from 'semver/functions/major.js';
import { sharedDependencies } from '@murmur/build-tools/shared-dependencies';
import { singletonPackages } from '@murmur/config/federation';
import { refusalOfRemote } from './promotion.js';

// The workspace packages shared through federation carry versions of their API (docs/versioning.md), which the
// singleton check at promote compares as it compares react's.

const workspace = fileURLToPath(new URL('../../../', import.meta.url));
const workspacePackages = singletonPackages.filter((name) => name.startsWith('@murmur/'));
/** The shared block the shell's build writes into its manifest, from the versions it is built with. */
const shellShared = sharedDependencies(join(workspace, 'shell'));

/**
 * The `shared` of a manifest built with `versions` (by package), as the federation plugin writes it.
 * @param {Record<string, { version: string; requiredVersion: string; singleton: true }>} shared
 */
const manifestShared = (shared) => Object.entries(shared).map(([name, entry]) => ({ name, ...entry }));

/**
 * The shared block of an app built where `name` is at `version` and every other singleton as the shell has it: an
 * app folder whose node_modules hold those versions, as sharedDependencies reads them.
 * @param {string} name
 * @param {string} version
 */
function builtAgainst(name, version) {
  const root = mkdtempSync(join(tmpdir(), 'murmur-app-'));
  for (const [shared, { version: shellVersion }] of Object.entries(shellShared)) {
    mkdirSync(join(root, 'node_modules', shared), { recursive: true });
    const own = shared === name ? version : shellVersion;
    writeFileSync(join(root, 'node_modules', shared, 'package.json'), JSON.stringify({ name: shared, version: own }));
  }
  return sharedDependencies(root);
}

const remote = (/** @type {ReturnType<typeof sharedDependencies>} */ shared) => ({
  name: 'feed_mfe',
  metaData: { publicPath: 'auto' },
  shared: manifestShared(shared),
  exposes: [{ path: './app' }, { path: './UserPostList' }],
});
const context = {
  expectedName: 'feed_mfe',
  consumed: ['./app', './UserPostList'],
  shell: { name: 'shell', metaData: { publicPath: 'auto' }, shared: manifestShared(shellShared), exposes: [] },
};

describe('the workspace packages shared through federation', () => {
  it('each carry a contract version, 1.0.0 or more, that changesets keeps', () => {
    const changesets = JSON.parse(readFileSync(join(workspace, '.changeset', 'config.json'), 'utf8'));
    expect(workspacePackages).toEqual(['@murmur/router', '@murmur/data', '@murmur/mock-api']);
    for (const name of workspacePackages) {
      // Below 1.0.0 a caret range takes no other minor: every release would read as breaking.
      expect(major(shellShared[name]?.version ?? '0.0.0'), name).toBeGreaterThanOrEqual(1);
      expect(changesets.ignore, name).not.toContain(name);
    }
  });

  it('refuse at promote a remote built against the next major of any of them', () => {
    expect(refusalOfRemote(remote(shellShared), context)).toBeNull();
    for (const name of workspacePackages) {
      const shellVersion = shellShared[name]?.version ?? '';
      const next = inc(shellVersion, 'major') ?? '';
      expect(refusalOfRemote(remote(builtAgainst(name, next)), context), name).toBe(
        `it needs ${name} ^${next}, the live shell provides ${shellVersion}`,
      );
      // A minor the shell's version already has is compatible; a newer minor needs what the shell does not have yet.
      const minor = inc(shellVersion, 'minor') ?? '';
      expect(refusalOfRemote(remote(builtAgainst(name, shellVersion)), context), name).toBeNull();
      expect(refusalOfRemote(remote(builtAgainst(name, minor)), context), name).toBe(
        `it needs ${name} ^${minor}, the live shell provides ${shellVersion}`,
      );
    }
  });
});

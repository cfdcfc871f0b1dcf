// @ts-check
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFiles } from '@murmur/config/published-types';
import { readLiveState } from '../../store/liveState.js';
import { promote } from '../promote.js';
import { release } from '../../store/release.js';
import { startS3Server } from '../../../test-support/s3Server.js';
import { storeLayout } from '../../store/storePaths.js';
import { fakeBuild, temporaryStore } from '../../../test-support/testBuilds.js';
import { exposesFile, modules, published, usesFile } from '../../../test-support/testContracts.js';
import { remotes, storeCommandInProcess } from '../../../test-support/testStore.js';
import { verifyStore } from '../verify.js';

/** The apps whose declarations testContracts.js stands in for. @typedef {keyof typeof published} App */

// docs/contracts.md, "What promote checks": a release is checked against the recorded uses of the apps live with it,
// from the store alone.

/**
 * A build of `app` publishing `declarations` (by default what the workspace publishes today).
 * @param {App} app
 * @param {{ exposes?: string; uses?: string }} [declarations]
 */
const build = (app, declarations = published[app]) =>
  fakeBuild({
    name: app === 'shell' ? 'shell' : remotes[app].name,
    exposes: app === 'shell' ? [] : [...remotes[app].exposes, ...(app === 'auth-mfe' ? [] : ['./preload'])],
    published: declarations,
    page: `<title>${app} ${Math.random()}</title>`,
  });

/** A store where every app is live, each publishing what the workspace publishes. */
async function liveStore() {
  const store = temporaryStore();
  for (const app of /** @type {App[]} */ (['shell', 'auth-mfe', 'feed-mfe', 'profile-mfe'])) {
    const { version } = await release({ store, app, from: build(app) });
    await promote({ store, app, version, env: {} });
  }
  return store;
}

/**
 * Releases `app` publishing `declarations` and promotes it: the refusal's message, or null once it is live.
 * @param {string} store
 * @param {App} app
 * @param {{ exposes?: string; uses?: string }} declarations
 */
async function promoteRelease(store, app, declarations) {
  const { version } = await release({ store, app, from: build(app, declarations) });
  const before = readLiveState(store, app)?.version;
  try {
    await promote({ store, app, version, env: {} });
  } catch (error) {
    expect(readLiveState(store, app)?.version, 'a refused release leaves the live one').toBe(before);
    return /** @type {Error} */ (error).message;
  }
  expect(readLiveState(store, app)?.version).toBe(version);
  return null;
}

/** @param {Record<string, string>} changes modules of feed-mfe's exposes to replace */
const feedExposing = (changes) => ({
  exposes: exposesFile({
    './app': modules.app(),
    './UserPostList': modules.userPostList(),
    './preload': modules.preload(),
    ...changes,
  }),
});

/** @type {string} */
let store;
beforeAll(async () => {
  store = await liveStore();
});

describe("promoting a provider checks every live consumer's use of it", () => {
  it('refuses a feed-mfe whose UserPostList needs a new prop, naming profile-mfe and the prop', async () => {
    const refusal = await promoteRelease(
      store,
      'feed-mfe',
      feedExposing({ './UserPostList': modules.userPostList('{ username: string; pinned: boolean }') }),
    );
    expect(refusal?.split('\n').slice(1)).toEqual([
      '  profile-mfe uses feed-mfe/UserPostList without prop `pinned`, which this release requires',
    ]);
  });

  it('refuses a feed-mfe whose UserPostList drops `username`, one line for each break', async () => {
    const refusal = await promoteRelease(
      store,
      'feed-mfe',
      feedExposing({ './UserPostList': modules.userPostList('{ handle: string }') }),
    );
    expect(refusal?.split('\n').slice(1)).toEqual([
      '  profile-mfe uses feed-mfe/UserPostList without prop `handle`, which this release requires',
      '  profile-mfe passes feed-mfe/UserPostList prop `username`, which this release does not take',
    ]);
  });

  it('refuses a feed-mfe whose UserPostList takes `username` as another type', async () => {
    const refusal = await promoteRelease(
      store,
      'feed-mfe',
      feedExposing({ './UserPostList': modules.userPostList('{ username: number }') }),
    );
    expect(refusal).toContain(
      'profile-mfe passes feed-mfe/UserPostList prop `username` as string, where this release takes number',
    );
  });

  it('refuses a remote whose ./app needs a prop the shell does not hand, naming the shell and the prop', async () => {
    const refusal = await promoteRelease(
      store,
      'feed-mfe',
      feedExposing({ './app': modules.app('; basePath: string') }),
    );
    expect(refusal?.split('\n').slice(1)).toEqual([
      '  shell uses feed-mfe/app without prop `basePath`, which this release requires',
    ]);
    const auth = await promoteRelease(store, 'auth-mfe', {
      exposes: exposesFile({ './app': modules.app().replaceAll('reportCrash?:', 'reportCrash:') }),
    });
    expect(auth?.split('\n').slice(1)).toEqual([
      '  shell uses auth-mfe/app without prop `reportCrash`, which this release requires',
    ]);
  });

  it('refuses a remote whose ./preload needs an argument the shell does not pass, naming both', async () => {
    const refusal = await promoteRelease(store, 'profile-mfe', {
      ...published['profile-mfe'],
      exposes: exposesFile({ './app': modules.app(), './preload': modules.preload('; locale: string') }),
    });
    expect(refusal?.split('\n').slice(1)).toEqual([
      '  shell uses profile-mfe/preload without prop `locale`, which this release requires',
    ]);
  });

  it('promotes compatible changes: optional prop, optional parcel prop and preload argument, new module', async () => {
    expect(
      await promoteRelease(
        store,
        'feed-mfe',
        feedExposing({
          './UserPostList': modules.userPostList('{ username: string; pinned?: boolean }'),
          './app': modules.app('; basePath?: string'),
          './preload': modules.preload('; locale?: string'),
          './PostCard': `default: (__0: { id: string }) => Shared<'element'>;`,
        }),
      ),
    ).toBeNull();
    // The live feed-mfe is now that one: profile-mfe's use, recorded before the optional prop, still fits it.
    expect(await promoteRelease(store, 'profile-mfe', published['profile-mfe'])).toBeNull();
  });
});

describe("promoting a consumer checks its use against the live providers'", () => {
  it('refuses a profile-mfe built against a UserPostList the live feed-mfe does not have', async () => {
    const refusal = await promoteRelease(store, 'profile-mfe', {
      ...published['profile-mfe'],
      uses: usesFile({ 'feed-mfe/UserPostList': modules.userPostList('{ username: string; compact: boolean }') }),
    });
    expect(refusal?.split('\n').slice(1)).toEqual([
      '  this release passes feed-mfe/UserPostList prop `compact`, which the live feed-mfe does not take',
    ]);
  });

  it('refuses a shell that hands a prop no live remote takes, and promotes one that hands what they take', async () => {
    const uses = published.shell.uses.replaceAll(modules.app(), modules.app('; theme: string'));
    const refusal = await promoteRelease(store, 'shell', { uses });
    expect(refusal?.split('\n').slice(1)).toEqual([
      '  this release passes auth-mfe/app prop `theme`, which the live auth-mfe does not take',
      '  this release passes feed-mfe/app prop `theme`, which the live feed-mfe does not take',
      '  this release passes profile-mfe/app prop `theme`, which the live profile-mfe does not take',
    ]);
    expect(await promoteRelease(store, 'shell', published.shell)).toBeNull();
  });
});

describe('the published declarations in the release', () => {
  it('are recorded with their hash, and verify names one that was changed', async () => {
    const fresh = temporaryStore();
    const { version } = await release({ store: fresh, app: 'feed-mfe', from: build('feed-mfe') });
    const folder = storeLayout(fresh).versionDir('feed-mfe', version);
    const record = JSON.parse(readFileSync(join(folder, '.release.json'), 'utf8'));
    expect(Object.keys(record.files)).toContain(contractFiles.exposes);
    expect(readFileSync(join(folder, contractFiles.exposes), 'utf8')).toBe(published['feed-mfe'].exposes);
    expect((await verifyStore(fresh)).problems).toEqual([]);
    appendFileSync(join(folder, contractFiles.exposes), '// pinned: boolean\n');
    expect((await verifyStore(fresh)).problems).toEqual([`feed-mfe/${version}: ${contractFiles.exposes} was changed`]);
  });
});

describe('on S3', () => {
  /** @type {Awaited<ReturnType<typeof startS3Server>>} */
  let server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server?.stop());

  it('refuses a breaking release and promotes a compatible one, from the bucket alone', async () => {
    const bucketStore = `s3://${server.bucket}/contracts`;
    const env = server.env;
    /** @param {App} app @param {{ exposes?: string; uses?: string }} [declarations] */
    const releaseOnS3 = async (app, declarations) =>
      (await release({ store: bucketStore, app, from: build(app, declarations), env })).version;
    for (const app of /** @type {App[]} */ (['shell', 'auth-mfe', 'feed-mfe', 'profile-mfe']))
      await promote({ store: bucketStore, app, version: await releaseOnS3(app), env });
    const breaking = await releaseOnS3(
      'feed-mfe',
      feedExposing({ './UserPostList': modules.userPostList('{ username: string; pinned: boolean }') }),
    );
    // As the command line runs it: the refusal on stderr, exit 1.
    const refused = await storeCommandInProcess(bucketStore, ['promote', 'feed-mfe', breaking], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n').slice(1)).toEqual([
      '  profile-mfe uses feed-mfe/UserPostList without prop `pinned`, which this release requires',
    ]);
    const compatible = await releaseOnS3(
      'feed-mfe',
      feedExposing({ './UserPostList': modules.userPostList('{ username: string; pinned?: boolean }') }),
    );
    await promote({ store: bucketStore, app: 'feed-mfe', version: compatible, env });
  }, 60_000);
});

// @ts-check
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promote } from '../switches/promote.js';
import { release } from '../store/release.js';
import { fakeBuild } from '../../test-support/testBuilds.js';
import { modules, usesFile } from '../../test-support/testContracts.js';
import { promotedStore, remotes, storeCommandInProcess } from '../../test-support/testStore.js';
import { shellEdge } from '../../test-support/shellEdges.js';
import { startS3Server } from '../../test-support/s3Server.js';
import { s3ServerBucket } from '../../test-support/s3ServerAccess.js';
import { findNginx } from './nginx/findNginx.js';

/** @typedef {import('@murmur/config/apps').AppName} AppName */

// What each edge answers at a retired remote's addresses: what it answers at an address no remote owns (the live
// page, its scripts given the response's nonce), where before the retirement it sent the page resolved for that
// remote. Each edge serves the shell alone, on a port the system picks; nginx where it is installed.

/**
 * A store where every app is live, the shell a build that routes no address to profile-mfe (its published uses name
 * none of its modules), its page with scripts for the nonce: one per edge, each retiring profile-mfe. In a folder, or
 * on S3 with `env` the S3 server's.
 * @param {Record<string, string> | null} env
 */
async function retirableStore(env) {
  const store = env ? `s3://${s3ServerBucket}/retired-routes` : (await promotedStore()).store;
  const page =
    '<title>shell</title><meta property="csp-nonce" /><script type="module" src="./assets/index-Ab12Cd34.js"></script>';
  const uses = usesFile({ 'auth-mfe/app': modules.app(), 'feed-mfe/app': modules.app() });
  const builds = {
    shell: fakeBuild({ name: 'shell', page, published: { uses } }),
    ...(env
      ? Object.fromEntries(
          Object.entries(remotes).map(([app, { name, exposes }]) => [app, fakeBuild({ name, exposes: [...exposes] })]),
        )
      : {}),
  };
  for (const [app, from] of Object.entries(builds)) {
    const { version } = await release({ store, app: /** @type {AppName} */ (app), from, env: env ?? {} });
    await promote({ store, app: /** @type {AppName} */ (app), version, env: env ?? {} });
  }
  return store;
}

/** The headers an answer at a page's address carries that say what it is. */
const pageHeaders = ['content-type', 'cache-control', 'content-security-policy', 'integrity-policy', 'vary'];

/**
 * An answer, its nonce (per response: base64 from the embedded server, hex from nginx) made one placeholder.
 * @param {string} url
 */
async function answerAt(url) {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' }, redirect: 'manual' });
  const same = (/** @type {string} */ text) => text.replace(/nonce(-|=")[A-Za-z0-9+/=]+/g, 'nonce$1N');
  return {
    status: response.status,
    headers: Object.fromEntries(pageHeaders.map((name) => [name, same(response.headers.get(name) ?? '')])),
    body: same(await response.text()),
  };
}

/** An address no remote owns, and two of profile-mfe's. */
const unknown = '/no-such-route/here';
const profileAddresses = ['/profile/miraokafor', '/profile/mira%20okafor'];

describe.each(
  /** @type {const} */ ([
    ['the embedded server', 'embedded', false],
    ['nginx', 'nginx', false],
    ['nginx in front of S3', 'nginx', true],
  ]),
)('%s', (_, edge, onS3) => {
  /** @type {Awaited<ReturnType<typeof shellEdge>>} */
  let served = null;
  let store = '';
  /** @type {Awaited<ReturnType<typeof startS3Server>> | null} */
  let s3 = null;
  /** @type {Record<string, string>} */
  let env = {};
  beforeAll(async () => {
    if (onS3 && !findNginx().found) return;
    if (onS3) s3 = await startS3Server();
    env = s3?.env ?? {};
    store = await retirableStore(s3 ? env : null);
    served = await shellEdge(edge, store, { env });
  });
  afterAll(async () => {
    await served?.stop();
    await s3?.stop();
  });

  it("answers a retired remote's addresses as it answers an address no remote owns", async (context) => {
    if (!served) return context.skip('nginx is not installed');
    const origin = served.url.replace(/\/_telemetry$/, '');
    const none = await answerAt(`${origin}${unknown}`);
    expect(none.status).toBe(200);
    // Before: the page resolved for profile-mfe, not the live page.
    for (const path of profileAddresses) expect(await answerAt(`${origin}${path}`)).not.toEqual(none);

    const retired = await storeCommandInProcess(store, ['retire', 'profile-mfe'], env);
    expect(retired.code, retired.stderr).toBe(0);
    const after = await answerAt(`${origin}${unknown}`);
    // The live page is the same file before and after (the embedded server's policy names the origins of the remotes
    // remotes.json names, which no longer include profile-mfe's; nginx's, those of the configuration).
    expect(after.body).toBe(none.body);
    for (const path of profileAddresses) expect(await answerAt(`${origin}${path}`), path).toEqual(after);
  });
});

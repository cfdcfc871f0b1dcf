import { afterEach, describe, expect, it } from 'vitest';
import { recordAppLocation } from './appVersions';
import { errorEvent, scriptUrlsOf } from './errorAttribution';

const shellVersion = 'aaaaaaaaaaaa';
const profileVersion = '0123456789ab-1234567';
const feedVersion = 'bbbbbbbbbbbb';

/** An error whose stack names `frames`, innermost first, as Chromium writes it. */
function thrownIn(frames: string[], ErrorType: ErrorConstructor = TypeError): Error {
  const error = new ErrorType('the message, which may hold what a person wrote');
  error.stack = [
    `${ErrorType.name}: ${error.message}`,
    ...frames.map((url, i) => `    at f${i} (${url}:1:${i + 10})`),
  ].join('\n');
  return error;
}

function onTheLivePage() {
  recordAppLocation('shell', `http://localhost:4000/${shellVersion}/assets/shell-abc.js`);
  recordAppLocation('profile-mfe', `http://localhost:4003/${profileVersion}/mf-manifest.json`);
  recordAppLocation('feed-mfe', `http://localhost:4002/_attempt/2/${feedVersion}/mf-manifest.json`);
}

afterEach(() => {
  for (const app of ['shell', 'profile-mfe', 'feed-mfe'] as const) recordAppLocation(app, 'http://localhost/dev.js');
});

describe('which app and version an error is attributed to', () => {
  it("names the remote whose script threw by the stack's first remote frame and its path, never the message", () => {
    onTheLivePage();
    const error = thrownIn([
      `http://localhost:4000/${shellVersion}/assets/shell-abc.js`,
      `http://localhost:4003/${profileVersion}/assets/src-xyz.js`,
      `http://localhost:4002/${feedVersion}/assets/src-def.js`,
    ]);
    expect(errorEvent(error, 'runtime')).toEqual({
      type: 'error',
      app: 'profile-mfe',
      version: profileVersion,
      kind: 'runtime',
      name: 'TypeError',
      script: `/${profileVersion}/assets/src-xyz.js`,
    });
    expect(JSON.stringify(errorEvent(error, 'runtime'))).not.toContain('message');
  });

  it("takes the version from the script's URL, through a retry's prefix, not the remote's current one", () => {
    onTheLivePage();
    const older = 'cccccccccccc';
    const event = errorEvent(thrownIn([`http://localhost:4002/_attempt/1/${older}/assets/src-old.js`]), 'runtime');
    expect(event).toMatchObject({ app: 'feed-mfe', version: older, script: `/${older}/assets/src-old.js` });
  });

  it('falls back to the shell when no frame names a remote, and to the remote whose boundary caught it', () => {
    onTheLivePage();
    const shellOnly = thrownIn([`http://localhost:4000/${shellVersion}/assets/shell-abc.js`], RangeError);
    expect(errorEvent(shellOnly, 'runtime')).toMatchObject({ app: 'shell', version: shellVersion, name: 'RangeError' });
    expect(errorEvent(new Error('no stack frames'), 'runtime', { fallback: 'profile-mfe' })).toMatchObject({
      app: 'profile-mfe',
      version: profileVersion,
    });
  });

  it('gives a failed load or mount to the remote that failed, whatever other scripts the stack names', () => {
    onTheLivePage();
    const error = thrownIn([`http://localhost:4003/${profileVersion}/assets/src-xyz.js`]);
    expect(errorEvent(error, 'load', { fallback: 'feed-mfe' })).toEqual({
      type: 'error',
      app: 'feed-mfe',
      version: feedVersion,
      kind: 'load',
      name: 'TypeError',
    });
  });

  it('sends nothing about unversioned code (dev servers, standalone pages)', () => {
    recordAppLocation('profile-mfe', 'http://localhost:4003/mf-manifest.json');
    const error = thrownIn(['http://localhost:4003/src/App.tsx']);
    expect(errorEvent(error, 'runtime', { fallback: 'profile-mfe' })).toBeNull();
    expect(errorEvent(error, 'runtime')).toBeNull();
  });

  it('names a thrown value that is not an error by its constructor, or Unknown', () => {
    onTheLivePage();
    expect(errorEvent('a string', 'runtime')).toMatchObject({ app: 'shell', name: 'String' });
    expect(errorEvent(null, 'runtime')).toMatchObject({ app: 'shell', name: 'Unknown' });
  });
});

describe('the script URLs of a stack', () => {
  it("reads Chromium's and Firefox's frames, innermost first", () => {
    const stack = [
      'TypeError: x is undefined',
      '    at render (http://localhost:4003/0123456789ab/assets/src-xyz.js:12:34)',
      '    at http://localhost:4000/aaaaaaaaaaaa/assets/shell-abc.js:1:2',
      'onClick@https://cdn.example/feed/bbbbbbbbbbbb/assets/src-def.js:5:6',
    ].join('\n');
    expect(scriptUrlsOf(stack)).toEqual([
      'http://localhost:4003/0123456789ab/assets/src-xyz.js',
      'http://localhost:4000/aaaaaaaaaaaa/assets/shell-abc.js',
      'https://cdn.example/feed/bbbbbbbbbbbb/assets/src-def.js',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { integrityOfRemote, recordRemoteIntegrity } from './remoteIntegrity';

const feed = 'http://localhost:4002/e271352ed4e3-9a712f8/';
const entry = `sha384-${'a'.repeat(64)}`;
const chunk = `sha384-${'b'.repeat(64)}`;
recordRemoteIntegrity({
  [`${feed}remoteEntry.js`]: entry,
  [`${feed}assets/remote-9LXrieHx.js`]: chunk,
  'http://localhost:4003/9b1f0d77c2aa-9a712f8/remoteEntry.js': `sha384-${'c'.repeat(64)}`,
});

describe("a remote's integrity, by the URLs a load uses", () => {
  it('gives the files of the version folder the manifest is in, and no other remote', () => {
    expect(integrityOfRemote(`${feed}mf-manifest.json`)).toEqual({
      [`${feed}remoteEntry.js`]: entry,
      [`${feed}assets/remote-9LXrieHx.js`]: chunk,
    });
  });

  it("gives a Retry's files, under the attempt prefix, the hashes of the files they stand for", () => {
    const attempt = 'http://localhost:4002/_attempt/2/e271352ed4e3-9a712f8/';
    expect(integrityOfRemote(`${attempt}mf-manifest.json`)).toEqual({
      [`${attempt}remoteEntry.js`]: entry,
      [`${attempt}assets/remote-9LXrieHx.js`]: chunk,
    });
  });

  it('gives nothing for a folder remotes.json gave no integrity of', () => {
    expect(integrityOfRemote('http://localhost:4002/other/mf-manifest.json')).toEqual({});
  });
});

// @ts-check
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRemote, removeRemote } from './commands.js';
import { listFiles } from './repo.js';
import { repoCopy, runCommand } from '../test-support/testCopy.js';

/** What the commands read to decide: the config package, the listing files, each workspace package's manifest. */
const decides = (/** @type {string} */ file) =>
  file.startsWith('packages/config/') ||
  Object.values(listFiles).includes(/** @type {never} */ (file)) ||
  file.endsWith('/package.json');

let root = '';
beforeAll(() => {
  root = repoCopy(decides);
  mkdirSync(join(root, 'notes-mfe'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every folder and file of the copy, each file with its text. */
const snapshot = () =>
  Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(root, path), entry.isFile() ? readFileSync(path, 'utf8') : 'folder'];
    }),
  );

/** Runs a command in the copy; the install is never reached when it refuses. */
const run = (/** @type {typeof newRemote} */ command, /** @type {string[]} */ argv) =>
  runCommand(command, argv, {
    root,
    install: () => {
      throw new Error('a refused command installed');
    },
  });

describe('new-remote refuses, in one line on stderr, writing nothing', () => {
  it.each([
    [['auth-mfe', '--route', '/x'], '"auth-mfe" is taken: it is an app of packages/config/apps.js'],
    [['shell', '--route', '/x'], '"shell" is taken: it is an app of packages/config/apps.js'],
    [['notes-mfe', '--route', '/x'], '"notes-mfe" is taken: the folder notes-mfe/ exists'],
    [['monolith', '--route', '/x'], '"monolith" is taken: a workspace package has that name'],
    [['canaries', '--route', '/x'], '"canaries" is taken: remotes.json has a key of that name that names no remote'],
    [['http', '--route', '/x'], '"http" is not a valid npm package name: http is a core module name'],
    [
      ['Notifications', '--route', '/x'],
      '"Notifications" is not a valid npm package name: name can no longer contain capital letters',
    ],
    [['.hidden', '--route', '/x'], '".hidden" is not a valid npm package name: name cannot start with a period'],
    [
      ['notifications_mfe', '--route', '/x'],
      '"notifications_mfe" cannot be an app\'s key: use lowercase letters and digits in words joined by dashes',
    ],
    [['announcements-mfe'], 'new-remote needs its route: --route <path>, e.g. --route /notifications'],
    [
      ['announcements-mfe', '--route', 'notifications'],
      '"notifications" is not a route: a path that starts with "/", each segment a word or a :param',
    ],
    [
      ['announcements-mfe', '--route', '/notifications/'],
      '"/notifications/" is not a route: a path that starts with "/", each segment a word or a :param',
    ],
    [['announcements-mfe', '--route', '/'], '/ is owned by feed-mfe (route "newsFeed" of packages/config/routes.js)'],
    [
      ['announcements-mfe', '--route', '/explore'],
      '/explore is owned by feed-mfe (route "explore" of packages/config/routes.js)',
    ],
    [
      ['announcements-mfe', '--route', '/profile/inbox'],
      '/profile/inbox is owned by profile-mfe (route "profile" of packages/config/routes.js)',
    ],
    [
      ['announcements-mfe', '--route', '/news-feed'],
      'the route name "newsFeed" (from /news-feed) is taken in packages/config/routes.js',
    ],
    [
      ['announcements-mfe', '--route', '/n', '--nav', '<b>N</b>'],
      '"<b>N</b>" cannot be a nav label: up to 40 letters, digits, spaces and . \' & -, from a letter or digit',
    ],
    [['announcements-mfe', '--route', '/n', '--port', '4100'], "new-remote: Unknown option '--port'"],
    [['a-mfe', 'b-mfe', '--route', '/n'], 'new-remote takes one name; also given: b-mfe'],
    [[], 'usage: new-remote <name> --route <path> [--nav <label>]'],
  ])('%j', async (argv, reason) => {
    const before = snapshot();
    const { code, out, err } = await run(newRemote, argv);
    expect({ code, err, out }).toEqual({ code: 1, err: [reason], out: [] });
    expect(snapshot()).toEqual(before);
  });
});

describe('remove-remote refuses, in one line on stderr, changing nothing', () => {
  it.each([
    [['shell'], '"shell" is the host, not a remote: it cannot be removed'],
    [['nobody-mfe'], '"nobody-mfe" is not an app of packages/config/apps.js'],
    [
      ['feed-mfe'],
      'profile-mfe uses feed-mfe/UserPostList: remove that use first (its `uses` in packages/config/apps.js)',
    ],
    [[], 'usage: remove-remote <name>'],
  ])('%j', async (argv, reason) => {
    const before = snapshot();
    const { code, out, err } = await run(removeRemote, argv);
    expect({ code, err, out }).toEqual({ code: 1, err: [reason], out: [] });
    expect(snapshot()).toEqual(before);
  });
});

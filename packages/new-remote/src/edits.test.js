// @ts-check
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRemote, removeRemote } from './commands.js';
import { addAppRow } from './edits.js';
import { listFiles, readTables, repoRoot } from './repo.js';
import { repoCopy, textsOf } from './testCopy.js';

const lists = Object.values(listFiles);

/** What the commands read and write, and Prettier's configuration, with the repository's installed packages. */
const needed = (/** @type {string} */ file) =>
  file.startsWith('packages/config/') ||
  lists.includes(/** @type {never} */ (file)) ||
  file.endsWith('/package.json') ||
  file === '.prettierrc.json' ||
  file === 'shell/src/styles.css' ||
  file === 'packages/ui/src/theme.css';

let root = '';
beforeEach(() => {
  root = repoCopy(needed);
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The real install is the generator test's (generator.test.js); here its place is taken by a no-op. */
async function run(/** @type {typeof newRemote} */ command, /** @type {string[]} */ argv) {
  /** @type {string[]} */
  const out = [];
  /** @type {string[]} */
  const err = [];
  const code = await command(argv, {
    root,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    install: () => true,
  });
  return { code, out, err };
}

const text = (/** @type {string} */ file) => readFileSync(join(root, file), 'utf8');

describe('new-remote notifications-mfe --route /notifications --nav Notifications', () => {
  it('adds a row to each table, formatted, leaving every other byte as it was', async () => {
    const before = textsOf(root, lists);
    const { code, err } = await run(newRemote, [
      'notifications-mfe',
      '--route',
      '/notifications',
      '--nav',
      'Notifications',
    ]);
    expect({ code, err }).toEqual({ code: 0, err: [] });

    const appRow =
      "  'notifications-mfe': {\n    port: 4004,\n    exposes: { './app': './src/lifecycles.tsx' },\n  },\n";
    expect(text(listFiles.apps)).toBe(before[listFiles.apps]?.replace(/\n\}\);\n/, `\n${appRow}});\n`));
    const routeRow =
      "  notifications: {\n    path: '/notifications',\n    remote: 'notifications-mfe',\n    session: 'required',\n" +
      "    navLabel: 'Notifications',\n  },\n";
    expect(text(listFiles.routes)).toBe(before[listFiles.routes]?.replace(/\n\}\);\n/, `\n${routeRow}});\n`));

    const tables = await readTables(root);
    expect(tables.apps['notifications-mfe']).toEqual({ port: 4004, exposes: { './app': './src/lifecycles.tsx' } });
    expect(tables.routes.notifications).toEqual({
      path: '/notifications',
      remote: 'notifications-mfe',
      session: 'required',
      navLabel: 'Notifications',
    });
    expect(tables.matchRoute('/notifications')?.name).toBe('notifications');
  });

  it('lists the remote in each file that cannot read the table, each file still as Prettier writes it', async () => {
    await run(newRemote, ['notifications-mfe', '--route', '/notifications', '--nav', 'Notifications']);
    expect(text(listFiles.workspace)).toMatch(/\n {2}- profile-mfe\n {2}- notifications-mfe\n/);
    expect(JSON.parse(text(listFiles.changesets)).ignore).toContain('notifications-mfe');
    expect(text(listFiles.shellModules)).toContain(
      "import type { Exposes as NotificationsMfe } from '@murmur/exposes/notifications-mfe';",
    );
    expect(text(listFiles.shellModules)).toContain("ModulesOf<'notifications-mfe', NotificationsMfe> {}");
    const budget = JSON.parse(text(listFiles.sizeBudget));
    expect(Object.keys(budget.gzipKiB).indexOf('notifications-mfe')).toBe(
      Object.keys(budget.gzipKiB).indexOf('profile-mfe') + 1,
    );
    expect(budget.gzipKiB['notifications-mfe']).toBe(budget.newRemoteGzipKiB);
    for (const file of lists) {
      const options = await prettier.resolveConfig(join(root, file));
      expect(await prettier.check(text(file), { ...options, filepath: join(root, file) }), file).toBe(true);
    }
  });

  it('prints each file it wrote, one a line, then what to run next', async () => {
    const { out } = await run(newRemote, ['notifications-mfe', '--route', '/notifications', '--nav', 'Notifications']);
    expect(out).toEqual(
      expect.arrayContaining([
        'notifications-mfe/package.json',
        'notifications-mfe/src/NotificationsPage.tsx',
        'notifications-mfe/src/NotificationsPage.test.tsx',
        ...lists,
        'pnpm-lock.yaml',
      ]),
    );
    for (const file of out.filter((line) => line.startsWith('notifications-mfe/'))) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    expect(out.at(-1)).toContain('--filter notifications-mfe dev');
  });
});

describe('new-remote without --nav', () => {
  it('gives the route no nav label, on one line where it fits', async () => {
    await run(newRemote, ['inbox-mfe', '--route', '/inbox']);
    expect(text(listFiles.routes)).toContain(
      "  inbox: { path: '/inbox', remote: 'inbox-mfe', session: 'required' },\n});",
    );
    expect((await readTables(root)).routes.inbox).not.toHaveProperty('navLabel');
    expect(text('inbox-mfe/src/InboxPage.tsx')).toContain('>Inbox</h1>');
  });

  it("takes the port after the highest, past the baseline's", async () => {
    const { monolithPort } = await readTables(root);
    writeFileSync(join(root, listFiles.apps), addAppRow(text(listFiles.apps), 'high-mfe', monolithPort - 1));
    await run(newRemote, ['inbox-mfe', '--route', '/inbox']);
    expect((await readTables(root)).apps['inbox-mfe']?.port).toBe(monolithPort + 1);
  });
});

describe('remove-remote after new-remote', () => {
  it('leaves every file as it was and the folder gone', async () => {
    const before = textsOf(root, lists);
    await run(newRemote, ['notifications-mfe', '--route', '/notifications', '--nav', 'Notifications']);
    const { code, out, err } = await run(removeRemote, ['notifications-mfe']);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(textsOf(root, lists)).toEqual(before);
    expect(existsSync(join(root, 'notifications-mfe'))).toBe(false);
    expect(out).toEqual(['notifications-mfe/', ...lists, 'pnpm-lock.yaml']);
  });

  it('takes out the rows and lines of a remote the team changed since', async () => {
    const before = textsOf(root, lists);
    await run(newRemote, ['inbox-mfe', '--route', '/inbox']);
    const apps = text(listFiles.apps).replace(
      '    port: 4004,\n',
      '    port: 4004,\n    // Its preload asks for the inbox.\n',
    );
    const routes = text(listFiles.routes).replace(
      '});\n',
      '  // The one message.\n' +
        "  inboxMessage: { path: '/inbox/:messageID', remote: 'inbox-mfe', session: 'required' },\n});\n",
    );
    writeFileSync(join(root, listFiles.apps), apps);
    writeFileSync(join(root, listFiles.routes), routes);
    await run(removeRemote, ['inbox-mfe']);
    expect(textsOf(root, lists)).toEqual(before);
  });
});

// @ts-check
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRemote, removeRemote } from './commands.js';
import { addAppRow } from './edits.js';
import { listFiles, readTables, repoRoot } from './repo.js';
import { repoCopy, textsOf, runCommand } from '../test-support/testCopy.js';

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
const run = (/** @type {typeof newRemote} */ command, /** @type {string[]} */ argv) =>
  runCommand(command, argv, { root, install: () => true });

const text = (/** @type {string} */ file) => readFileSync(join(root, file), 'utf8');

describe('new-remote announcements-mfe --route /announcements --nav Announcements', () => {
  it('adds a row to each table, formatted, leaving every other byte as it was', async () => {
    const before = textsOf(root, lists);
    // The port after the highest of the table (the baseline's lies beyond it; see below).
    const port = Math.max(...Object.values((await readTables(root)).apps).map((app) => app.port)) + 1;
    const { code, err } = await run(newRemote, [
      'announcements-mfe',
      '--route',
      '/announcements',
      '--nav',
      'Announcements',
    ]);
    expect({ code, err }).toEqual({ code: 0, err: [] });

    const appRow =
      `  'announcements-mfe': {\n    port: ${port},\n` + "    exposes: { './app': './src/lifecycles.tsx' },\n  },\n";
    expect(text(listFiles.apps)).toBe(before[listFiles.apps]?.replace(/\n\}\);\n/, `\n${appRow}});\n`));
    const routeRow =
      "  announcements: {\n    path: '/announcements',\n    remote: 'announcements-mfe',\n" +
      "    session: 'required',\n    navLabel: 'Announcements',\n  },\n";
    expect(text(listFiles.routes)).toBe(before[listFiles.routes]?.replace(/\n\}\);\n/, `\n${routeRow}});\n`));

    const tables = await readTables(root);
    expect(tables.apps['announcements-mfe']).toEqual({ port, exposes: { './app': './src/lifecycles.tsx' } });
    expect(tables.routes.announcements).toEqual({
      path: '/announcements',
      remote: 'announcements-mfe',
      session: 'required',
      navLabel: 'Announcements',
    });
    expect(tables.matchRoute('/announcements')?.name).toBe('announcements');
  });

  it('lists the remote in each file that cannot read the table, each file still as Prettier writes it', async () => {
    const { apps } = await readTables(root);
    const lastRemote = Object.keys(apps)
      .filter((app) => apps[app]?.exposes)
      .at(-1);
    await run(newRemote, ['announcements-mfe', '--route', '/announcements', '--nav', 'Announcements']);
    expect(text(listFiles.workspace)).toMatch(/\n {2}- profile-mfe\n(?: {2}- [\w-]+\n)* {2}- announcements-mfe\n/);
    expect(JSON.parse(text(listFiles.changesets)).ignore).toContain('announcements-mfe');
    expect(text(listFiles.shellModules)).toContain(
      "import type { Exposes as AnnouncementsMfe } from '@murmur/exposes/announcements-mfe';",
    );
    expect(text(listFiles.shellModules)).toContain("ModulesOf<'announcements-mfe', AnnouncementsMfe> {}");
    // Its first size budget, the file's newRemoteGzipKiB, just after the last remote's row.
    const budget = JSON.parse(text(listFiles.sizeBudget));
    const keys = Object.keys(budget.gzipKiB);
    expect(keys[keys.indexOf('announcements-mfe') - 1]).toBe(lastRemote);
    expect(budget.gzipKiB['announcements-mfe']).toBe(budget.newRemoteGzipKiB);
    for (const file of lists) {
      const options = await prettier.resolveConfig(join(root, file));
      expect(await prettier.check(text(file), { ...options, filepath: join(root, file) }), file).toBe(true);
    }
  });

  it('prints each file it wrote, one a line, then what to run next', async () => {
    const { out } = await run(newRemote, ['announcements-mfe', '--route', '/announcements', '--nav', 'Announcements']);
    expect(out).toEqual(
      expect.arrayContaining([
        'announcements-mfe/package.json',
        'announcements-mfe/src/AnnouncementsPage.tsx',
        'announcements-mfe/src/AnnouncementsPage.test.tsx',
        ...lists,
        'pnpm-lock.yaml',
      ]),
    );
    for (const file of out.filter((line) => line.startsWith('announcements-mfe/'))) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    expect(out.at(-1)).toContain('--filter announcements-mfe dev');
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
    await run(newRemote, ['announcements-mfe', '--route', '/announcements', '--nav', 'Announcements']);
    const { code, out, err } = await run(removeRemote, ['announcements-mfe']);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(textsOf(root, lists)).toEqual(before);
    expect(existsSync(join(root, 'announcements-mfe'))).toBe(false);
    expect(out).toEqual(['announcements-mfe/', ...lists, 'pnpm-lock.yaml']);
  });

  it('takes out the rows and lines of a remote the team changed since', async () => {
    const before = textsOf(root, lists);
    await run(newRemote, ['inbox-mfe', '--route', '/inbox']);
    const port = `    port: ${(await readTables(root)).apps['inbox-mfe']?.port},\n`;
    expect(text(listFiles.apps)).toContain(port);
    const apps = text(listFiles.apps).replace(port, `${port}    // Its preload asks for the inbox.\n`);
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

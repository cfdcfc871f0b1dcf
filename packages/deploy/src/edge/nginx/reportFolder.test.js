// @ts-check
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appNames } from '@murmur/config/apps';
import { reportLogVariable } from '../../telemetry/reportLog.js';
import reportWriter from '../../telemetry/reportWriter.js';
import { startDebianNginx, workerUids } from '../../../test-support/debianNginx.js';
import { loggedLines } from '../../../test-support/loggedLines.js';
import { pageLoadReport, postReport } from '../../../test-support/reportSender.js';
import { promotedStore, storeCommandInProcess } from '../../../test-support/testStore.js';
import { cli } from '../../../test-support/testStore.js';
import { findNginx } from './findNginx.js';
import { freePorts } from './nginxProcess.js';
import { startStoreEdge } from './storeEdge.js';

// nginx's workers run as a user of their own where root starts nginx (Debian's: www-data), and write the pages'
// reports there: the report folder must be theirs to write, or every report is answered 204 and dropped.
const nginx = findNginx();
const host = '127.0.0.1';
const wwwData = spawnSync('id', ['-u', 'www-data'], { encoding: 'utf8' });
const skip = !nginx.found || process.getuid?.() !== 0 || wwwData.status !== 0;
if (skip) console.log("report folder tests skipped: they need nginx, root and Debian's www-data");
const wwwDataUid = Number(wwwData.stdout);
/** Where promotedStore's shell is recorded (testStore.js), which nginx serves here on a port of its own. */
const shellOrigin = 'http://localhost:4000';

/** A folder for the report folder to be made in, which anyone may pass through, as /var/log. */
function logRoot() {
  const root = mkdtempSync(join(tmpdir(), 'murmur-var-log-'));
  chmodSync(root, 0o755);
  return root;
}

/**
 * Posts one page's report to the shell served at `address`, as its page (of the shell's recorded origin) does, and
 * waits for its line in the report log in `folder`.
 * @param {string} address
 * @param {string} folder
 */
async function reportReaches(address, folder) {
  const page = `pg_folder_${Date.now()}`;
  const report = pageLoadReport(page, { app: 'feed-mfe', version: '0123456789ab-1c0ffee', fails: false });
  const headers = { 'Sec-Fetch-Site': 'same-origin', Origin: shellOrigin };
  expect(await postReport(`${address}/_telemetry`, report, { headers })).toBe(204);
  const written = () => loggedLines(folder).some((line) => JSON.parse(line.report).page === page);
  await expect.poll(written, { timeout: 10_000 }).toBe(true);
}

describe("the report folder, written by nginx's workers", () => {
  it.skipIf(skip)("is given by nginx-config to Debian's nginx's workers, who log each report in it", async () => {
    if (!nginx.found) return;
    const { store } = await promotedStore();
    const folder = join(logRoot(), 'murmur');
    // This hour's folder, its tally and this client's file, begun by a worker that ran as root: nginx appends to them.
    const hour = join(folder, reportWriter.hourFolderName(Date.now()));
    mkdirSync(hour, { recursive: true });
    const begun = join(hour, '127.0.0.1.jsonl');
    writeFileSync(begun, '');
    writeFileSync(join(hour, 'tally'), '');
    const file = join(mkdtempSync(join(tmpdir(), 'murmur-conf-d-')), 'murmur.conf');
    // As an operator writes it into conf.d/, as root.
    const written = await storeCommandInProcess(store, ['nginx-config', '--out', file, '--report-log', folder]);
    expect(written.code, written.stderr).toBe(0);
    // The apps' ports, moved to free ones: 4000-4003 are the developers'. Each app's own server and the default
    // server of its address (which answers any other host 421) both move.
    const ports = await freePorts(host, appNames.length);
    const portOf = new Map(ports.map((port, index) => [4000 + index, port]));
    const config = readFileSync(file, 'utf8').replace(/listen (\d+)( default_server)?;/g, (_, port, flag = '') => {
      expect(portOf.has(Number(port))).toBe(true);
      return `listen ${host}:${portOf.get(Number(port))}${flag};`;
    });
    expect(config).not.toMatch(/listen (?!127\.0\.0\.1:)/);
    writeFileSync(file, config);
    const edge = await startDebianNginx({
      nginx: nginx.path,
      httpConfig: file,
      listening: ports.map((port) => ({ host, port })),
    });
    try {
      await reportReaches(`http://${host}:${ports[0]}`, folder);
      expect(readFileSync(begun, 'utf8')).toContain('"network":"127.0.0.1"');
      expect(edge.errorLog()).not.toContain('Permission denied');
      // A worker wrote that report, so the master has started its workers by now.
      expect(workerUids(/** @type {number} */ (edge.pid))).toEqual([wwwDataUid]);
    } finally {
      await edge.stop();
    }
  });

  // Run as nobody, the command must reach this checkout: not from a clone under a folder only root may pass (a fresh
  // machine's temporary clone), where the module cannot even be loaded.
  const nobodyReachesCli =
    !skip &&
    spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'test', '-r', cli]).status === 0;
  it.skipIf(skip || !nobodyReachesCli)(
    'is refused by nginx-config, naming the workers, where it cannot give it to them',
    async () => {
      const { store } = await promotedStore();
      const folder = join(logRoot(), 'murmur');
      mkdirSync(folder);
      const file = join(logRoot(), 'murmur.conf');
      // Written by a user other than root (nobody), where the folder is root's: www-data could not write it.
      const asNobody = spawnSync(
        'setpriv',
        ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, cli, 'nginx-config', '--out', file],
        { env: { ...process.env, MURMUR_STORE: store, [reportLogVariable]: folder }, encoding: 'utf8' },
      );
      expect(asNobody.status).toBe(1);
      expect(asNobody.stderr.trim()).toBe(
        `refused: nginx's workers run as www-data, who cannot write the report folder ${folder}: ` +
          `give it to them (chown www-data:www-data ${folder}), or write the configuration as root`,
      );
      expect(existsSync(file)).toBe(false);
      // A user the machine does not have.
      const unknown = await storeCommandInProcess(store, [
        'nginx-config',
        '--out',
        file,
        '--nginx-user',
        'murmur-no-such-user',
      ]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe(
        "refused: nginx's workers would run as murmur-no-such-user, a user this machine does not have",
      );
      expect(existsSync(file)).toBe(false);
    },
  );

  it.skipIf(skip)('is refused by nginx-config, naming the folder on its way the workers cannot pass', async () => {
    const { store } = await promotedStore();
    // Root's alone, as root's home is, where root's state folder (the report folder by default) is.
    const closed = mkdtempSync(join(tmpdir(), 'murmur-closed-'));
    const folder = join(closed, 'murmur');
    const file = join(logRoot(), 'murmur.conf');
    const written = await storeCommandInProcess(store, ['nginx-config', '--out', file, '--report-log', folder]);
    expect(written.code).toBe(1);
    expect(written.stderr).toBe(
      `refused: nginx's workers run as www-data, who cannot reach the report folder ${folder}: ${closed} is closed ` +
        `to them; name a folder they can reach with ${reportLogVariable} (--report-log <folder>), say /var/log/murmur`,
    );
    expect(existsSync(file)).toBe(false);
  });

  it.skipIf(skip)("is written by serve --edge nginx's worker, which runs as www-data, never root", async () => {
    if (!nginx.found) return;
    const { store } = await promotedStore();
    const folder = join(logRoot(), 'murmur');
    const ports = await freePorts(host, appNames.length);
    const edge = await startStoreEdge({
      store,
      nginx,
      portOf: (app) => /** @type {number} */ (ports[appNames.indexOf(app)]),
      host,
      env: { ...process.env, [reportLogVariable]: folder },
    });
    try {
      await reportReaches(`http://${host}:${ports[0]}`, folder);
      expect(edge.errorLog()).not.toContain('Permission denied');
      // A worker wrote that report, so the master has started its workers by now.
      expect(workerUids(/** @type {number} */ (edge.pid))).toEqual([wwwDataUid]);
    } finally {
      await edge.stop();
    }
  });
});

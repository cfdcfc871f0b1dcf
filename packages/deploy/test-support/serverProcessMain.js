// @ts-check
// The store server in a process of its own, for serverProcess.js: MURMUR_STORE names the store; it prints one line,
// the port of each app, once every app listens. MURMUR_TEST_VANISHING (a JSON array of paths) names files that are
// deleted at the moment the server opens them for reading, the race a release's cleanup or an operator can cause.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { appNames } from '@murmur/config/apps';
import { startStoreServer } from '../src/edge/server.js';
import { storeRoot } from '../src/store/storePaths.js';
import { portOf } from './rawHttp.js';

/** @type {string[]} */
const vanishing = JSON.parse(process.env.MURMUR_TEST_VANISHING || '[]');
if (vanishing.length > 0) {
  /** @type {typeof import('node:fs')} */
  const fs = createRequire(import.meta.url)('node:fs');
  /** @param {unknown} path */
  const vanish = (path) => {
    if (typeof path === 'string' && vanishing.includes(path)) fs.rmSync(path, { recursive: true, force: true });
  };
  /** @param {(...args: any[]) => unknown} original */
  const vanishingFirst =
    (original) =>
    (/** @type {any[]} */ ...args) => {
      vanish(args[0]);
      return original(...args);
    };
  // Every way the server (or sirv) opens a file for reading; syncBuiltinESMExports hands the patched functions to
  // the modules that imported node:fs as ESM.
  Object.assign(fs, {
    createReadStream: vanishingFirst(fs.createReadStream),
    openSync: vanishingFirst(fs.openSync),
    readFileSync: vanishingFirst(fs.readFileSync),
  });
  syncBuiltinESMExports();
}

/** @type {Record<string, number>} */
const ports = {};
// One call per app, so that each port is known by its app whatever order the servers start in.
for (const app of appNames) {
  const { servers } = await startStoreServer({ store: storeRoot(), apps: [app], portOf: () => 0, host: '127.0.0.1' });
  ports[app] = portOf(servers[0]);
}
console.log(JSON.stringify(ports));

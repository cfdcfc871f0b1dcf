// @ts-check
import { rmSync } from 'node:fs';
import { release } from '../store/release.js';
import { appName } from './arguments.js';
import { buildApp, currentCommit } from './workspaceBuild.js';

/** @type {import('./parse.js').Command} */
export const releaseCommand = {
  name: 'release',
  synopses: ['release <app> [--from <build folder>]'],
  help: [],
  positionals: [{ name: 'app', value: appName }],
  options: { from: { type: 'string' } },
  async run({ app, from }, { store, env, io }) {
    const folder = from ?? buildApp(app);
    const { version, created } = await release({ store, app, from: folder, commit: currentCommit(), env });
    if (from === undefined) rmSync(folder, { recursive: true, force: true });
    io.err(created ? `released ${app} ${version} into ${store}` : `${app} ${version} was already in the store`);
    io.out(version);
  },
};

// @ts-check
import { openStore } from '../store/backends/openStore.js';
import { listReleases } from '../store/releases.js';
import { appName } from './arguments.js';

/** @type {import('./parse.js').Command} */
export const releasesCommand = {
  name: 'releases',
  synopses: ['releases <app>'],
  help: [],
  positionals: [{ name: 'app', value: appName }],
  async run({ app }, { store, env, io }) {
    for (const { version, live } of await listReleases(openStore(store, env), app)) {
      io.out(`${live ? '*' : ' '} ${version}`);
    }
  },
};

// @ts-check
import { retire } from '../switches/retire.js';
import { sayRepaired } from './notices.js';

/** @type {import('./parse.js').Command} */
export const retireCommand = {
  name: 'retire',
  synopses: ['retire <remote>'],
  help: [
    'retire: the remote is no longer live (its pointers and route pages go, its releases stay: promote brings it',
    '  back); refused while a live app loads it, during its canary, and for the shell; it may be a remote the apps',
    '  no longer list, once the shell promoted without it (docs/releasing.md, "Retiring a remote")',
  ],
  // Not one of the apps' names alone: a remote the app table no longer lists is retired from the store's own record.
  positionals: [{ name: 'remote' }],
  async run({ remote }, context) {
    const { version, repaired } = await retire({ ...context, remote });
    sayRepaired(repaired, context);
    context.io.out(`${remote} is retired (${version} was live); its releases stay in the store`);
  },
};

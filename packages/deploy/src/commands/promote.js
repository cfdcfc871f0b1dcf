// @ts-check
import { promote } from '../switches/promote.js';
import { appName, percent } from './arguments.js';
import { sayRepaired } from './notices.js';
import { required } from './parse.js';

/** @type {import('./parse.js').Command} */
export const promoteCommand = {
  name: 'promote',
  synopses: ['promote <app> <version> [--canary <percent>]'],
  help: ['promote --canary: the version goes live for that share of people only, the rest keep the stable version'],
  positionals: [{ name: 'app', value: appName }, { name: 'version' }],
  options: { canary: { type: 'string', value: (text) => percent(required(text)) } },
  async run({ app, version: asked, canary }, context) {
    const { store, env, io } = context;
    const { version, replaced, repaired } = await promote({ store, app, version: asked, canary, env });
    sayRepaired(repaired, context);
    if (canary === undefined) io.out(`${app} ${version} is live${replaced ? ` (was ${replaced})` : ''}`);
    else
      io.out(`${app} ${version} is live for ${canary} % of people${replaced ? ` (the canary was ${replaced})` : ''}`);
  },
};

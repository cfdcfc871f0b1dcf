// @ts-check
import { rollback } from '../switches/promote.js';
import { appName } from './arguments.js';
import { sayRepaired } from './notices.js';

/** @type {import('./parse.js').Command} */
export const rollbackCommand = {
  name: 'rollback',
  synopses: ['rollback <app>'],
  help: ['rollback: end a canary, or else go back to the version live before'],
  positionals: [{ name: 'app', value: appName }],
  async run({ app }, context) {
    const { version, replaced, canaryEnded, repaired } = await rollback({ ...context, app });
    sayRepaired(repaired, context);
    context.io.out(
      canaryEnded
        ? `${app} canary ${replaced} ended: ${version} is live for everyone`
        : `${app} ${version} is live again (was ${replaced})`,
    );
  },
};

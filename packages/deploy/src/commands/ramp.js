// @ts-check
import { ramp } from '../switches/promote.js';
import { appName, percent } from './arguments.js';
import { sayRepaired } from './notices.js';

/** @type {import('./parse.js').Command} */
export const rampCommand = {
  name: 'ramp',
  synopses: ['ramp <app> <percent>'],
  help: ['ramp: widen a canary; at 100 its version is live for everyone'],
  positionals: [
    { name: 'app', value: appName },
    { name: 'percent', value: percent },
  ],
  async run({ app, percent: asked }, context) {
    const { version, percent: now, from, repaired } = await ramp({ ...context, app, percent: asked });
    sayRepaired(repaired, context);
    context.io.out(
      now === 100
        ? `${app} ${version} is live for everyone (was a canary at ${from} %)`
        : `${app} ${version} is live for ${now} % of people (was ${from} %)`,
    );
  },
};

// @ts-check
import { openStore } from '../store/backends/openStore.js';
import { isProductionStore } from '../store/environmentSetting.js';
import { liftMarkFlag, setProduction } from '../store/overrideSetting.js';
import { oneOf } from './arguments.js';

/** @type {import('./parse.js').Command} */
export const environmentCommand = {
  name: 'environment',
  synopses: ['environment [production | non-production [--lift-production-mark]]'],
  help: [
    "environment: whether the store is production's, where overrides are refused; production marks it (refused while",
    '  overrides are on), non-production --lift-production-mark lifts the mark (refused without the flag)',
  ],
  positionals: [{ name: 'kind', optional: true, value: oneOf('production', 'non-production') }],
  options: { [liftMarkFlag.slice(2)]: { type: 'boolean' } },
  async run({ kind, [liftMarkFlag.slice(2)]: liftMark = false }, { store, env, io }) {
    const backend = openStore(store, env);
    if (kind !== undefined) await setProduction(backend, kind === 'production', { liftMark });
    io.out(
      (await isProductionStore(backend))
        ? `${store} is a production store: overrides stay off there`
        : `${store} is not marked production`,
    );
  },
};

// @ts-check
import { allowedOverrideUrls } from '@murmur/release-checks/overrides';
import { openStore } from '../store/backends/openStore.js';
import { overrideSettingOf, setOverrides } from '../store/overrideSetting.js';
import { oneOf } from './arguments.js';

/** @type {import('./parse.js').Command} */
export const overridesCommand = {
  name: 'overrides',
  synopses: ['overrides [on [--localhost] [--prefix <URL prefix>]... | off]'],
  help: [
    'overrides: whether a tab of this environment may point a remote at another manifest, after a press (--localhost:',
    '  this machine, any port; --prefix: URLs under that prefix); off unless turned on; refused on a production store',
  ],
  positionals: [{ name: 'state', optional: true, value: oneOf('on', 'off') }],
  // A --prefix with nothing after it names no prefix.
  options: { localhost: { type: 'boolean' }, prefix: { type: 'string', multiple: true, value: (text) => text } },
  async run({ state, localhost = false, prefix = [] }, { store, env, io }) {
    const backend = openStore(store, env);
    const prefixes = prefix.filter((/** @type {string | undefined} */ text) => text !== undefined);
    const setting = state
      ? await setOverrides(backend, { enabled: state === 'on', localhost, prefixes })
      : await overrideSettingOf(backend);
    io.out(
      setting.enabled
        ? `overrides are on in ${store}, after a press in each tab, for ${allowedOverrideUrls(setting)}`
        : `overrides are off in ${store}`,
    );
  },
};

// @ts-check
import { openStore } from '../store/backends/openStore.js';
import { overrideSettingOf } from '../store/overrideSetting.js';
import { repairStore } from '../switches/repair.js';
import { verifyStore } from '../switches/verify.js';
import { sayOverrides, sayRepaired } from './notices.js';

/** @type {import('./parse.js').Command} */
export const verifyCommand = {
  name: 'verify',
  synopses: ['verify [--repair]'],
  help: [
    'verify: check every release against its recorded hashes and the pointers against each other; --repair first',
    '  completes a switch a killed command left and removes its temporary files',
  ],
  options: { repair: { type: 'boolean' } },
  async run({ repair }, context) {
    const { store, env, io } = context;
    const backend = openStore(store, env);
    if (repair) sayRepaired(await backend.withLock(() => repairStore(backend)), context);
    const { problems, releases, files } = await verifyStore(backend);
    sayOverrides(await overrideSettingOf(backend).catch(() => null), context);
    for (const problem of problems) io.out(problem);
    if (problems.length > 0) return 1;
    io.err(`${store}: ${releases} releases, ${files} files and every pointer check out`);
  },
};

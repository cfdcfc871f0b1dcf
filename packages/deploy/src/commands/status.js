// @ts-check
import { openStore } from '../store/backends/openStore.js';
import { statusJson, statusLines } from '../health/status.js';

/** @type {import('./parse.js').Command} */
export const statusCommand = {
  name: 'status',
  synopses: ['status [--json]'],
  help: [
    "status: each app's live version and the ones rollback would return to, newest first; a canary and the shares;",
    "  each live version's page loads, error rate, load failures, LCP, INP and load time p75 over the health window,",
    '  and a canary the health job rolled back on its own, with why; --json prints the same as JSON',
  ],
  options: { json: { type: 'boolean' } },
  async run({ json }, { store, env, io }) {
    const backend = openStore(store, env);
    if (json) io.out(JSON.stringify(await statusJson(backend, { env }), null, 2));
    else for (const line of await statusLines(backend, { env })) io.out(line);
  },
};

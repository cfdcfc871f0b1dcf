// @ts-check
import { resolve } from 'node:path';
import { Refusal } from '../store/refusal.js';
import { storeRoot } from '../store/storePaths.js';
import { reportLogVariable } from '../telemetry/reportLog.js';
import { UsageError, parseCommandArgs } from './parse.js';
import { commandNamed, usage } from './table.js';

/**
 * Runs a command line (what follows `node cli.js`): the command looked up by its name in the table, its arguments
 * parsed, and run against the store `env` names (MURMUR_STORE). A command line that fits no command's usage prints
 * the usage and answers 2; a refusal prints `refused: <why>`, any other error its message, and answers 1.
 * `--report-log <folder>` sets MURMUR_REPORT_LOG in `env`, for the command and what it starts.
 * @param {string[]} argv
 * @param {{ env: Record<string, string | undefined>; io: import('./parse.js').Io }} options
 * @returns {Promise<number>} the exit code
 */
export async function runCommandLine([name, ...args], { env, io }) {
  const command = commandNamed(name);
  try {
    if (!command) throw new UsageError();
    const parsed = parseCommandArgs(command, args);
    if (parsed['report-log'] !== undefined) env[reportLogVariable] = resolve(parsed['report-log']);
    return (await command.run(parsed, { store: storeRoot(env), env, io })) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(usage);
    else if (error instanceof Refusal) io.err(`refused: ${error.message}`);
    else io.err(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? 2 : 1;
  }
}

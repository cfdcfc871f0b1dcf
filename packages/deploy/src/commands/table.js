// @ts-check
import { appNames } from '@murmur/config/apps';
import { canaryHealthCommand } from './canaryHealth.js';
import { environmentCommand } from './environment.js';
import { nginxConfigCommand } from './nginxConfig.js';
import { overridesCommand } from './overrides.js';
import { promoteCommand } from './promote.js';
import { rampCommand } from './ramp.js';
import { releaseCommand } from './release.js';
import { releasesCommand } from './releases.js';
import { retireCommand } from './retire.js';
import { rollbackCommand } from './rollback.js';
import { serveCommand } from './serve.js';
import { statusCommand } from './status.js';
import { verifyCommand } from './verify.js';

/** The CLI's commands, in the order the usage gives them. */
const commands = [
  releaseCommand,
  promoteCommand,
  rampCommand,
  rollbackCommand,
  retireCommand,
  releasesCommand,
  statusCommand,
  verifyCommand,
  serveCommand,
  nginxConfigCommand,
  overridesCommand,
  environmentCommand,
  canaryHealthCommand,
];

/** What the options every command takes (parse.js's `commonOptions`) mean. */
const commonHelp = [
  "--report-log <folder>: where the edges write the pages' reports and the health job reads them (MURMUR_REPORT_LOG;",
  '  by default ~/.local/state/murmur/reports/<store>-<hash>/, outside the store; a store on S3 has none without it)',
];

/** The usage, printed on stderr for a command line that fits none. */
export const usage = [
  `usage: ${commands.flatMap((command) => command.synopses).join(' | ')}`,
  ...[...commands.flatMap((command) => command.help), ...commonHelp].map((line) => `  ${line}`),
  `  apps: ${appNames.join(', ')}`,
].join('\n');

/**
 * The command named `name`, if there is one.
 * @param {string | undefined} name
 */
export function commandNamed(name) {
  return commands.find((command) => command.name === name);
}

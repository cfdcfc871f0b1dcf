// @ts-check
import { parseArgs } from 'node:util';

/** A command line that does not fit the command's usage: the usage is printed, and the command exits 2. */
export class UsageError extends Error {}

/**
 * @typedef {object} OptionSpec
 * @property {'string' | 'boolean'} type
 * @property {boolean} [multiple] given more than once, each value is kept, in order
 * @property {(text: string | undefined, name: string) => unknown} [value] turns what follows a string option into its
 *   value, or throws saying why it cannot; given undefined where nothing follows. Without it, an option given no
 *   value is a usage error.
 */

/**
 * @typedef {object} PositionalSpec
 * @property {string} name the key its value is kept under
 * @property {boolean} [optional]
 * @property {(text: string) => unknown} [value] as an option's
 */

/**
 * @typedef {object} CommandSpec
 * @property {Record<string, OptionSpec>} [options] by name, without the leading --
 * @property {PositionalSpec[]} [positionals] in the order they are typed
 * @property {(argument: string) => Error} [unknown] the error for an option the command does not take, or an
 *   argument past its positionals; without it, an option it does not take is the next positional as typed (`-5` is a
 *   percent, refused as one), and any argument past its positionals is ignored
 */

/** @typedef {{ out: (line: string) => void; err: (line: string) => void; write: (text: string) => void }} Io */

/**
 * What a command runs with: the store's location, the environment it reads (S3's endpoint, the lock's timings, the
 * report log) and where it prints: `out` a line to stdout, `err` one to stderr, `write` text to stdout as it is.
 * @typedef {{ store: string; env: Record<string, string | undefined>; io: Io }} CommandContext
 */

/**
 * A command of the CLI, in a file of its own: its name, its usage (one synopsis per form, and the lines that explain
 * it), how its arguments are read, and what it does with them; `run` answers the exit code, 0 where it answers none.
 * @typedef {CommandSpec & { name: string; synopses: string[]; help: string[];
 *   run: (args: Record<string, any>, context: CommandContext) => Promise<number | void> }} Command
 */

/**
 * What was typed where a value is needed: a usage error where nothing was.
 * @param {string | undefined} text
 */
export function required(text) {
  if (text === undefined) throw new UsageError();
  return text;
}

/** The options every command takes. */
const commonOptions = /** @type {Record<string, OptionSpec>} */ ({ 'report-log': { type: 'string' } });

/**
 * A command's arguments as its `run` is given them: each option and positional by its name, parsed by its `value`,
 * checked from left to right (the first that does not fit is the error).
 * @param {CommandSpec} command
 * @param {string[]} args what followed the command's name
 * @returns {Record<string, any>}
 * @throws {UsageError} where a required positional or an option's value is missing
 */
export function parseCommandArgs(command, args) {
  /** @type {Record<string, OptionSpec>} */
  const options = { ...commonOptions, ...command.options };
  const positionals = command.positionals ?? [];
  // Not strict: the command's own rules below decide what an unknown option, or one with no value, means.
  const { tokens } = parseArgs({
    args,
    options: Object.fromEntries(Object.entries(options).map(([name, { type }]) => [name, { type }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  /** @type {Record<string, any>} */
  const parsed = {};
  let position = 0;
  /** @param {string} text */
  const positional = (text) => {
    const spec = positionals[position++];
    if (spec) parsed[spec.name] = spec.value ? spec.value(text) : text;
    else if (command.unknown) throw command.unknown(text);
  };
  /** The index in `args` of the last argument taken as a positional: `-50` is two tokens of one argument. */
  let taken = -1;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      positional(token.value);
      continue;
    }
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (!spec) {
      // Not an option of the command, so an argument as typed (`ramp feed-mfe -5` is refused as a percent), or else
      // the command's error; one past its positionals is ignored.
      const text = args[token.index] ?? token.rawName;
      if (command.unknown) throw command.unknown(text);
      if (token.index !== taken && position < positionals.length) positional(text);
      taken = token.index;
      continue;
    }
    const text = spec.type === 'boolean' ? true : token.value;
    if (text === undefined && !spec.value) throw new UsageError();
    const value = spec.value && typeof text !== 'boolean' ? spec.value(text, token.rawName) : text;
    if (spec.multiple) (parsed[token.name] ??= []).push(value);
    else parsed[token.name] = value;
  }
  if (positionals.slice(position).some((spec) => !spec.optional)) throw new UsageError();
  return parsed;
}

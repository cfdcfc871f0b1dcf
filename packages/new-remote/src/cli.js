#!/usr/bin/env node
// @ts-check
// The root scripts `new-remote` and `remove-remote` (README.md of this package): `node cli.js new|remove ...`.
import { newRemote, removeRemote } from './commands.js';
import { repoRoot } from './repo.js';

const [command, ...argv] = process.argv.slice(2);
const io = { root: repoRoot, out: (/** @type {string} */ line) => console.log(line), err: console.error };
const run = { new: newRemote, remove: removeRemote }[command ?? ''];
if (run) process.exitCode = await run(argv, io);
else {
  console.error('usage: cli.js new <name> --route <path> [--nav <label>] | cli.js remove <name>');
  process.exitCode = 1;
}

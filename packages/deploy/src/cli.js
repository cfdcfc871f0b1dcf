#!/usr/bin/env node
// @ts-check
// The store's commands (`node cli.js` prints their usage; each is a file of commands/): the command line looked up,
// parsed and run by commands/commandLine.js, printing to this process's stdout and stderr. MURMUR_STORE names another
// store than .murmur-store/: a folder, or s3://bucket/prefix (docs/release-store.md).
import { runCommandLine } from './commands/commandLine.js';

process.exitCode = await runCommandLine(process.argv.slice(2), {
  env: process.env,
  io: {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    write: (text) => void process.stdout.write(text),
  },
});

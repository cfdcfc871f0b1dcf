// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The new remote's files, each named as it is written with `.tmpl` after: not source of this repository. */
const templates = fileURLToPath(new URL('../templates/', import.meta.url));

/**
 * @param {string} dir
 * @returns {string[]}
 */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * @param {string} text
 * @param {Record<string, string>} values
 */
const filled = (text, values) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key) => {
    const value = values[key];
    if (value === undefined) throw new Error(`the templates use ${whole}, which has no value`);
    return value;
  });

/**
 * The files of the new remote's folder, by path inside it, with `values` in place of each `{{key}}` of the templates'
 * names and text.
 * @param {Record<string, string>} values
 * @returns {{ path: string; text: string }[]}
 */
export const remoteFiles = (values) =>
  filesUnder(templates).map((file) => ({
    path: filled(relative(templates, file), values).replace(/\.tmpl$/, ''),
    text: filled(readFileSync(file, 'utf8'), values),
  }));

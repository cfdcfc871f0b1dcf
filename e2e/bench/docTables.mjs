// @ts-check
/**
 * Each bench keeps its table of current results in docs/benchmarks.md, between two marker comments of its own
 * (`<!-- bench:<name>:start -->` … `<!-- bench:<name>:end -->`): a run replaces what lies between them and nothing
 * else. BENCH_DOCS=0 leaves the page alone (a trial run). `node e2e/bench/docTables.mjs` runs the self-check.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchmarksPage = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** @param {string} name */
const markers = (name) => ({ start: `<!-- bench:${name}:start -->`, end: `<!-- bench:${name}:end -->` });

/**
 * `text` with what lies between the markers of `name` replaced by `body` (a blank line on either side, as Prettier
 * leaves Markdown). Throws when the markers are missing, repeated or out of order, rather than write a page half-right.
 * @param {string} text
 * @param {string} name
 * @param {string} body
 */
function replaceBetweenMarkers(text, name, body) {
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0 || to < from || text.indexOf(start, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0) {
    throw new Error(`expected one ${start} followed by one ${end}`);
  }
  return `${text.slice(0, from + start.length)}\n\n${body.trim()}\n\n${text.slice(to)}`;
}

/**
 * The section a bench writes: its settings on one line, then its table as a code block (columns aligned
 * as on the console, trailing spaces trimmed), which Prettier leaves as it is.
 * @param {{ settings: string; table: string[] }} section
 */
export function tableSection({ settings, table }) {
  return [`Measured with ${settings}.`, '', '```', ...table.map((line) => line.trimEnd()), '```'].join('\n');
}

/**
 * Rewrites the section `name` of docs/benchmarks.md, unless BENCH_DOCS=0 or BENCH_EDGE is set.
 * @param {string} name
 * @param {string} body
 * @param {string} [page]
 */
export function writeDocTable(name, body, page = benchmarksPage) {
  // The page's tables are of the store server: a run through nginx is a trial run.
  if (process.env.BENCH_DOCS === '0' || process.env.BENCH_EDGE) return;
  writeFileSync(page, replaceBetweenMarkers(readFileSync(page, 'utf8'), name, body));
  console.log(`written: ${page} (${name})`);
}

/** Run directly: checks the replacement on small texts and that the page holds every bench's markers. */
function selfCheck() {
  const page = 'intro\n\n<!-- bench:a:start -->\n\nold\n\n<!-- bench:a:end -->\n\nafter\n';
  assert.equal(
    replaceBetweenMarkers(page, 'a', 'new\n'),
    'intro\n\n<!-- bench:a:start -->\n\nnew\n\n<!-- bench:a:end -->\n\nafter\n',
  );
  const twice = replaceBetweenMarkers(replaceBetweenMarkers(page, 'a', 'x'), 'a', 'x');
  assert.equal(twice, replaceBetweenMarkers(page, 'a', 'x'), 'a second run changes nothing more');
  assert.throws(() => replaceBetweenMarkers(page, 'b', 'x'), /bench:b:start/);
  assert.throws(() => replaceBetweenMarkers(`${page}<!-- bench:a:end -->\n`, 'a', 'x'));
  assert.throws(() => replaceBetweenMarkers('<!-- bench:a:end --> <!-- bench:a:start -->', 'a', 'x'));
  const section = tableSection({ settings: 'RUNS=1', table: ['a  1  ', 'b  2'] });
  assert.match(section, /^Measured with RUNS=1\.\n\n```\na {2}1\nb {2}2\n```$/);
  const docs = readFileSync(benchmarksPage, 'utf8');
  for (const name of ['federation', 'scale', 'live']) assert.doesNotThrow(() => replaceBetweenMarkers(docs, name, 'x'));
  console.log('docTables: self-check passed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) selfCheck();

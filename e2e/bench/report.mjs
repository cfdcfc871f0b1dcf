// @ts-check
/** The benchmark's outputs: one table on the console, the same as JSON, and the two cold loads' waterfalls as HTML. */
import { mkdirSync, writeFileSync } from 'node:fs';

/**
 * @typedef {import('./stats.mjs').Summary} Summary
 * @typedef {{ label: string; unit: string; federated: Summary; baseline: Summary; ratio: number }} Row
 * @typedef {{ requests: { url: string; type: string; start: number; end: number }[];
 *   marks: Record<string, number> }} Waterfall
 */

/** @param {number} value @param {string} unit */
const format = (value, unit) =>
  Number.isNaN(value) ? '-' : unit === 'KiB' || unit === 'MiB' ? value.toFixed(1) : String(Math.round(value));
/** Median, and min-max in brackets when the runs differ. @param {Summary} summary @param {string} unit */
export const cell = (summary, unit) =>
  summary.min === summary.max
    ? format(summary.median, unit)
    : `${format(summary.median, unit)} (${format(summary.min, unit)}-${format(summary.max, unit)})`;

/** Rows of cells as aligned columns: the first left-aligned, the others right-aligned. @param {string[][]} lines */
export function columns(lines) {
  const widths = lines[0]?.map((_, column) => Math.max(...lines.map((line) => line[column]?.length ?? 0))) ?? [];
  return lines.map((line) =>
    line
      .map((text, column) => (column === 0 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** The federated-vs-baseline table, one line a row. @param {Row[]} rows */
export function federationTable(rows) {
  return columns([
    ['metric', 'federated', 'baseline', 'ratio'],
    ...rows.map((row) => [
      `${row.label} [${row.unit}]`,
      cell(row.federated, row.unit),
      cell(row.baseline, row.unit),
      Number.isFinite(row.ratio) ? `${row.ratio.toFixed(2)}x` : '-',
    ]),
  ]);
}

/** @param {Row[]} rows */
export function printTable(rows) {
  for (const line of federationTable(rows)) console.log(line);
  console.log('median (min-max) over the runs; ratio = federated / baseline median');
}

/**
 * @param {string} dir
 * @param {{ rows: Row[]; waterfalls: Record<'federated' | 'baseline', Waterfall>; [key: string]: unknown }} result
 */
export function writeReports(dir, result) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/bench.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${dir}/bench.html`, waterfallsHtml(result.waterfalls, String(result.date)));
}

/** @param {string} text */
const escape = (text) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const colours = /** @type {Record<string, string>} */ ({
  document: '#0f766e',
  script: '#2563eb',
  stylesheet: '#9333ea',
  fetch: '#ea580c',
  xhr: '#ea580c',
});

/** @param {Record<string, Waterfall>} waterfalls @param {string} date */
function waterfallsHtml(waterfalls, date) {
  const span = Math.max(
    ...Object.values(waterfalls).flatMap(({ requests, marks }) => [
      ...requests.map((request) => request.end),
      ...Object.values(marks),
    ]),
  );
  /** @param {number} ms */
  const x = (ms) => `${((ms / span) * 100).toFixed(2)}%`;
  /** @param {[string, Waterfall]} entry */
  const column = ([name, { requests, marks }]) => {
    const rows = [...requests]
      .sort((a, b) => a.start - b.start)
      .map((request) => {
        const url = new URL(request.url);
        const label = `${url.port ? `:${url.port}` : url.host}${url.pathname}`;
        const title = escape(`${request.url}\n${Math.round(request.start)}-${Math.round(request.end)} ms`);
        const bar =
          `left:${x(request.start)};width:max(2px,${x(request.end - request.start)});` +
          `background:${colours[request.type] ?? '#64748b'}`;
        return (
          `<div class="row" title="${title}"><span class="label">${escape(label)}</span>` +
          `<span class="track"><span class="bar" style="${bar}"></span></span></div>`
        );
      })
      .join('');
    const lines = /** @type {const} */ ([
      ['postsAsked', 'GET /api/posts asked'],
      ['firstPost', 'first post'],
    ])
      .flatMap(([key, text]) => (marks[key] === undefined ? [] : [{ at: marks[key], text }]))
      .map(({ at, text }, index) => {
        const label = `${text} ${Math.round(at)} ms`;
        const position = `left:${x(at)};top:${-1.2 - index * 1.1}rem`;
        return `<span class="mark" style="${position}" title="${label}"><span>${label}</span></span>`;
      })
      .join('');
    return (
      `<section><h2>${escape(name)}: ${requests.length} requests</h2>` +
      `<div class="chart"><div class="marks">${lines}</div>${rows}</div></section>`
    );
  };
  const style = [
    'body{font:13px system-ui,sans-serif;margin:1rem;color:#0f172a}' +
      'main{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.5rem}',
    'h2{font-size:15px;margin-bottom:2.6rem}.chart{position:relative}.row{display:flex;height:16px;align-items:center}',
    '.label{width:45%;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;' +
      'font:11px ui-monospace,monospace;padding-right:4px}',
    '.track{position:relative;flex:1;height:10px;background:#f1f5f9}' +
      '.bar{position:absolute;top:0;height:10px;border-radius:2px}',
    '.marks{position:absolute;left:45%;right:0;top:0;bottom:0;pointer-events:none;z-index:1}' +
      '.mark{position:absolute;bottom:0;border-left:2px dashed #dc2626}',
    '.mark span{font-size:11px;color:#dc2626;white-space:nowrap;padding-left:3px}',
  ].join('\n');
  const legend = 'Blue: scripts, purple: styles, green: documents, orange: fetch, grey: other.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Murmur cold load: federated vs baseline</title>
<style>
${style}
</style></head><body>
<h1>Cold load of the signed-in feed, ${escape(date)}</h1>
<p>One run each, same time scale (0-${Math.round(span)} ms from navigation). ${legend}</p>
<main>${Object.entries(waterfalls).map(column).join('')}</main>
</body></html>
`;
}

// @ts-check
import escapeHtml from 'escape-html';
import { msText, percentText, rollbackReason, rollbackRule } from './statusText.js';

/** The files of the canary health page the health job writes (healthJob.js): the page, its figures, its style. */
export const statusFiles = { page: 'index.html', json: 'status.json', style: 'status.css' };

/**
 * The style sheet of the status page: a file of its own, so that the page holds no inline style or script and any
 * strict policy a host serves the folder under allows it.
 */
export const statusStyle = `body { font: 16px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; }
table { border-collapse: collapse; margin-block: 1rem; }
caption { text-align: start; font-weight: 600; padding-block-end: 0.5rem; }
th, td { border: 1px solid #999; padding: 0.25rem 0.5rem; text-align: end; }
th[scope='row'], thead th { text-align: start; }
figure { display: inline-block; margin: 0 2rem 1rem 0; }
.rolled-back { color: #8a1c1c; font-weight: 600; }
`;

/** @typedef {import('./storeHealth.js').StoreHealth} StoreHealth */
/** @typedef {import('./storeHealth.js').LiveVersionHealth} LiveVersionHealth */

/**
 * The status page: a table of each app's live versions and their figures over the window, two bar charts (error
 * rate, load time p75, per version) as inline SVG, and the canaries the health job rolled back, with why. No script.
 * @param {StoreHealth} health
 */
export function statusPage(health) {
  const rows = health.apps.flatMap(({ app, stable, canary }) => [
    ...(stable ? [{ app, role: canary ? 'stable' : 'live', version: stable }] : []),
    ...(canary ? [{ app, role: 'canary', version: canary }] : []),
  ]);
  const rollbacks = health.apps.flatMap(({ app, autoRollback }) =>
    autoRollback ? [`<li class="rolled-back">${escapeHtml(rollbackReason(app, autoRollback))}</li>`] : [],
  );
  const { setting, window } = health;
  const label = (/** @type {(typeof rows)[number]} */ row) => `${row.app} ${row.role} ${row.version.version}`;
  const maxLoad = Math.max(1, ...rows.map((row) => row.version.figures.loadTimeP75 ?? 0));
  const headings = ['App', 'Version', 'Share', 'Page loads', 'Error rate', 'Load failures', 'LCP p75', 'INP p75']
    .concat('Load time p75')
    .map((heading) => `<th scope="col">${heading}</th>`)
    .join('');
  const rollbackList =
    rollbacks.length > 0
      ? `<ul>\n${rollbacks.join('\n')}\n</ul>`
      : '<p>None of the live apps had its canary rolled back automatically.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Murmur: canary health</title>
<link rel="stylesheet" href="${statusFiles.style}" />
<link rel="icon" href="data:," />
</head>
<body>
<main>
<h1>Canary health</h1>
<p>Figures over the last ${setting.windowMinutes} minutes, from ${escapeHtml(window.from)} to ${escapeHtml(window.to)}.
Automatically, ${rollbackRule(setting)}. <a href="${statusFiles.json}">As JSON</a>.</p>
<table>
<caption>Live versions and their figures</caption>
<thead><tr>${headings}</tr></thead>
<tbody>
${rows
  .map(({ app, role, version: { version, percent, figures } }) =>
    [
      `<tr><th scope="row">${escapeHtml(app)} ${role}</th><td>${escapeHtml(version)}</td>`,
      `<td>${percentText(percent)}</td><td>${figures.pageLoads}</td><td>${percentText(figures.errorRate)}</td>`,
      `<td>${figures.loadFailures}</td><td>${msText(figures.lcpP75)}</td><td>${msText(figures.inpP75)}</td>`,
      `<td>${msText(figures.loadTimeP75)}</td></tr>`,
    ].join(''),
  )
  .join('\n')}
</tbody>
</table>
${barChart({
  title: 'Error rate per version',
  bars: rows.map((row) => ({
    label: label(row),
    value: row.version.figures.errorRate,
    scale: 100,
    text: percentText(row.version.figures.errorRate),
  })),
})}
${barChart({
  title: 'Load time p75 per version',
  bars: rows.map((row) => ({
    label: label(row),
    value: row.version.figures.loadTimeP75,
    scale: maxLoad,
    text: msText(row.version.figures.loadTimeP75),
  })),
})}
<h2>Automatic rollbacks</h2>
${rollbackList}
</main>
</body>
</html>
`;
}

/**
 * A horizontal bar chart as inline SVG, one bar per version, each labelled with its value; its title and a text
 * alternative (the table above holds the same figures) for assistive technology.
 * @param {{ title: string; bars: { label: string; value: number | null; scale: number; text: string }[] }} chart
 */
function barChart({ title, bars }) {
  const labelWidth = 330;
  const barWidth = 240;
  const rowHeight = 24;
  const height = Math.max(1, bars.length) * rowHeight + 8;
  const summary = bars.map((bar) => `${bar.label}: ${bar.text}`).join('; ');
  const body = bars
    .map((bar, index) => {
      const y = index * rowHeight + 4;
      const width = bar.value === null ? 0 : Math.max(1, Math.round((bar.value / bar.scale) * barWidth));
      return [
        `<text x="0" y="${y + 15}" font-size="13" fill="#1a1a1a">${escapeHtml(bar.label)}</text>`,
        `<rect x="${labelWidth}" y="${y + 2}" width="${barWidth}" height="${rowHeight - 8}" fill="#e6e6e6" />`,
        `<rect x="${labelWidth}" y="${y + 2}" width="${width}" height="${rowHeight - 8}" fill="#1f5fa8" />`,
        `<text x="${labelWidth + barWidth + 8}" y="${y + 15}" font-size="13" fill="#1a1a1a">`,
        `${escapeHtml(bar.text)}</text>`,
      ].join('');
    })
    .join('\n');
  const svgWidth = labelWidth + barWidth + 90;
  const size = `width="${svgWidth}" height="${height}" viewBox="0 0 ${svgWidth} ${height}"`;
  const ariaLabel = escapeHtml(`${title}: ${summary || 'no live versions'}`);
  return `<figure>
<figcaption>${escapeHtml(title)}</figcaption>
<svg xmlns="http://www.w3.org/2000/svg" role="img" ${size} aria-label="${ariaLabel}">
<title>${escapeHtml(title)}</title>
${body}
</svg>
</figure>`;
}

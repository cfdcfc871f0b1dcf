// @ts-check
import escapeHtml from 'escape-html';

/**
 * The live version's index.html, made to load that version's files from any route, and only as released: a build
 * with a relative base names its files `./assets/…`, which a page at /profile/mira would look for under /profile/.
 * The <base> element points them at the version's immutable folder instead, so one page load only ever reads one
 * version. Each of its script and stylesheet tags that names a file of the version gets that file's `integrity`, and
 * an import map gives the browser the integrity of every script of the version, for the modules loaded after boot
 * (docs/deploying.md, "What the browser checks"). The map comes first in the head, before any module is resolved.
 * @param {string} html the version's own index.html
 * @param {string} versionPath the version folder's path on its server, such as "/3f2a…-1c0ffee/"
 * @param {Record<string, string>} integrity the version's files a page loads, by path in the folder (pageIntegrity.js)
 */
export function livePage(html, versionPath, integrity) {
  if (!/<head>/i.test(html)) throw new Error('index.html has no <head>');
  const scripts = Object.fromEntries(
    Object.entries(integrity)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, hash]) => [`./${file}`, hash]),
  );
  // JSON in a script element: no "<" may close it early.
  const importMap = JSON.stringify({ integrity: scripts }).replaceAll('<', '\\u003c');
  const checked = html.replace(/<(?:script|link)\b[^>]*?\s(?:src|href)="\.\/([^"]+)"/gi, (tag, file) => {
    const hash = integrity[file];
    return hash && !/\sintegrity=/i.test(tag) ? `${tag} integrity="${hash}"` : tag;
  });
  return checked.replace(
    /<head>/i,
    (head) =>
      `${head}\n    <base href="${escapeHtml(versionPath)}" />\n    <script type="importmap">${importMap}</script>`,
  );
}

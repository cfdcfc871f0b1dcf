// @ts-check
import escapeHtml from 'escape-html';

/**
 * The live version's index.html, made to load that version's files from any route: a build with a relative base
 * names its files `./assets/…`, which a page at /profile/mira would look for under /profile/. The <base> element
 * points them at the version's immutable folder instead, so one page load only ever reads one version.
 * @param {string} html the version's own index.html
 * @param {string} versionPath the version folder's path on its server, such as "/3f2a…-1c0ffee/"
 */
export function livePage(html, versionPath) {
  if (!/<head>/i.test(html)) throw new Error('index.html has no <head>');
  return html.replace(/<head>/i, (head) => `${head}\n    <base href="${escapeHtml(versionPath)}" />`);
}

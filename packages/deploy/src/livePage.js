// @ts-check
import escapeHtml from 'escape-html';
import { inlineAttribute } from '@murmur/config/resolved-page';
import { Refusal } from './refusal.js';
import { integrityOf } from './releaseRecord.js';

/** A script tag the page asks to carry inline (`inlineAttribute`), and the file it names. */
const inlinedTag = new RegExp(`<script\\b([^>]*\\s${inlineAttribute}\\b[^>]*)></script>`, 'gi');
/** What a tag that names its script's file has and an inline one must not. */
const droppedWhenInlined = new RegExp(`\\s(?:src="[^"]*"|async|crossorigin|${inlineAttribute})(?=\\s|$)`, 'g');
const sourceOf = (/** @type {string} */ attributes) => /\ssrc="\.\/([^"]+)"/.exec(attributes)?.[1];

/**
 * The live version's index.html, made to load that version's files from any route, and only as released: a build
 * with a relative base names its files `./assets/…`, which a page at /profile/mira would look for under /profile/.
 * The <base> element points them at the version's immutable folder instead, so one page load only ever reads one
 * version. Each of its script and stylesheet tags that names a file of the version gets that file's `integrity`, and
 * an import map gives the browser the integrity of every script of the version, for the modules loaded after boot
 * (docs/serving.md, "What the browser checks"). The map comes first in the head, before any module is resolved.
 * A script whose tag asks for it (`inlineAttribute`: the shell's early script) is written into the page, a request
 * fewer that the page would otherwise wait for: run as the page is parsed, by the page's nonce.
 * @param {string} html the version's own index.html
 * @param {string} versionPath the version folder's path on its server, such as "/3f2a…-1c0ffee/"
 * @param {Record<string, string>} integrity the version's files a page loads, by path in the folder (pageIntegrity.js)
 * @param {Record<string, string>} [inlined] the scripts to inline, by path in the folder (`inlinedScripts`)
 */
export function livePage(html, versionPath, integrity, inlined = {}) {
  if (!/<head>/i.test(html)) throw new Error('index.html has no <head>');
  const withInlined = html.replace(inlinedTag, (tag, /** @type {string} */ attributes) => {
    const code = inlined[sourceOf(attributes) ?? ''];
    if (code === undefined) return tag;
    const kept = attributes.replace(droppedWhenInlined, '');
    // No "</script" may end the element early (in a script, "<\/" is the same text).
    return `<script${kept}>${code.replaceAll('</script', '<\\/script')}</script>`;
  });
  const scripts = Object.fromEntries(
    Object.entries(integrity)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, hash]) => [`./${file}`, hash]),
  );
  // JSON in a script element: no "<" may close it early.
  const importMap = JSON.stringify({ integrity: scripts }).replaceAll('<', '\\u003c');
  const checked = withInlined.replace(/<(?:script|link)\b[^>]*?\s(?:src|href)="\.\/([^"]+)"/gi, (tag, file) => {
    const hash = integrity[file];
    return hash && !/\sintegrity=/i.test(tag) ? `${tag} integrity="${hash}"` : tag;
  });
  return checked.replace(
    /<head>/i,
    (head) =>
      `${head}\n    <base href="${escapeHtml(versionPath)}" />\n    <script type="importmap">${importMap}</script>`,
  );
}

/**
 * The scripts a version's page asks to carry inline (`livePage`), read from the store, each checked against the
 * integrity recorded at release: only released code is written into a page. A page is the release's own content, so
 * the file it names is looked up in the release's record before anything is read: a name such as `../../x` is never
 * read, wherever it points (a FIFO there would hang the command holding the store's lock).
 * @param {string} html the version's own index.html
 * @param {Record<string, string>} integrity as for livePage: files of the release's record
 * @param {(file: string) => Promise<string | null>} read a file of the version, by path in its folder
 * @returns {Promise<Record<string, string>>}
 */
export async function inlinedScripts(html, integrity, read) {
  /** @type {Record<string, string>} */
  const scripts = {};
  for (const file of scriptsToInline(html)) {
    if (!Object.hasOwn(integrity, file))
      throw new Refusal(`its page inlines ${JSON.stringify(file)}, which is not a script of its release`);
    const code = await read(file);
    if (code === null || integrity[file] !== integrityOf(Buffer.from(code)))
      throw new Refusal(`its page inlines ${file}, which is missing or not the file released`);
    scripts[file] = code;
  }
  return scripts;
}

/**
 * The files of the scripts a version's page asks to carry inline, by path in its folder.
 * @param {string} html the version's own index.html
 */
export function scriptsToInline(html) {
  return [...html.matchAll(inlinedTag)].flatMap(([, attributes = '']) => {
    const file = sourceOf(attributes);
    return file === undefined ? [] : [file];
  });
}

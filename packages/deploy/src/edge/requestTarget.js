// @ts-check

/**
 * A request target the store can answer: its path as the client sent it (percent-encoded ASCII), which redirects
 * and route matching read, the same path's segments decoded, which file lookups read, and its query (`?…`, or empty),
 * which only a page's policy reads (a load that holds an override: packages/release-checks/src/overrides.js).
 * @typedef {{ path: string; segments: string[]; search: string }} RequestPath
 */

// A path segment: RFC 3986's pchar, plus the few characters browsers send unencoded although the grammar has no
// place for them ([ ] ^ |), so that a link a person pastes still works. Anything else is refused, not guessed at.
const pathSegment = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@[\]^|]|%[0-9A-Fa-f]{2})*$/;
// The query is read only for a page's policy; it may not hold a fragment, which no client sends, or what is not visible
// ASCII.
const query = /^[!-"$-~]*$/;
// The absolute form (`GET http://host/path`), which RFC 9112 §3.2.2 has every server accept, not only proxies.
const absoluteForm = /^https?:\/\/([^/?#]*)(.*)$/is;

/**
 * The path a request target names, or null when it names none unambiguously (the answer is then 400): a target in
 * neither origin form (`/path?query`) nor absolute form, percent-encoding that is malformed or not UTF-8, a decoded
 * segment that is `.` or `..` (a browser resolves those before sending; the server does not guess what was meant),
 * or one that holds `/`, `\` or a control character such as NUL (no store file has such a name, and a file system
 * would read the first two as separators).
 * @param {string} target `request.url`
 * @returns {RequestPath | null}
 */
export function parseRequestTarget(target) {
  let originForm = target;
  const absolute = absoluteForm.exec(target);
  if (absolute) {
    const [, authority = '', rest = ''] = absolute;
    if (!isValidHost(authority)) return null;
    originForm = rest.startsWith('/') ? rest : `/${rest}`;
  }
  if (!originForm.startsWith('/')) return null;
  const queryStart = originForm.indexOf('?');
  const path = queryStart < 0 ? originForm : originForm.slice(0, queryStart);
  if (queryStart >= 0 && !query.test(originForm.slice(queryStart + 1))) return null;
  /** @type {string[]} */
  const segments = [];
  for (const raw of path.slice(1).split('/')) {
    if (!pathSegment.test(raw)) return null;
    let segment;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\p{Cc}]/u.test(segment)) return null;
    segments.push(segment);
  }
  return { path, segments, search: queryStart < 0 ? '' : originForm.slice(queryStart) };
}

/**
 * Whether a Host field value, or the authority of an absolute-form target, is a host with an optional port: the
 * URL parser judges the host and the port's range; a user name or anything past the authority is refused.
 * @param {string} value
 */
export function isValidHost(value) {
  if (!/^[!-~]+$/.test(value) || /[/?#@\\]/.test(value)) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

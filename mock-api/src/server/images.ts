/**
 * Profile pictures and banners shipped with the package as SVG data URIs, so the app never fetches images from the
 * internet and the tests need no bundler to load asset files.
 */

// toWellFormed: a lone surrogate (half an emoji from a hand-made string) becomes U+FFFD instead of a URIError.
const svgUri = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(toWellFormed(svg))}`;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const toWellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\ufffd');

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** First characters, not UTF-16 units: half an emoji is a lone surrogate, which encodeURIComponent throws on. */
function firstChar(text: string): string {
  const codePoint = text.trim().codePointAt(0);
  return codePoint === undefined ? '' : String.fromCodePoint(codePoint);
}

export function initialsOf(firstName: string, lastName: string, fallback: string): string {
  const initials = `${firstChar(firstName)}${firstChar(lastName)}`.toUpperCase();
  return initials || firstChar(fallback).toUpperCase() || '?';
}

/** A round avatar with the person's initials. */
export function avatarUri(initials: string, color: string): string {
  return svgUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<circle cx="64" cy="64" r="64" fill="${escapeXml(color)}"/>` +
      `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="52" ` +
      `font-weight="600" fill="#ffffff">${escapeXml(initials)}</text></svg>`,
  );
}

/** A wide two-colour gradient banner. */
export function bannerUri(from: string, to: string): string {
  return svgUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${escapeXml(from)}"/><stop offset="1" stop-color="${escapeXml(to)}"/>` +
      `</linearGradient></defs><rect width="1200" height="300" fill="url(#g)"/></svg>`,
  );
}

const PALETTE = ['#0f766e', '#7c3aed', '#b45309', '#be123c', '#1d4ed8', '#4d7c0f', '#a21caf', '#0e7490'];

/** A stable colour for a name, so a generated user's picture does not change between loads. */
export function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#0f766e';
}

/**
 * A profile link is stored by the back end, but a page must never trust stored data to be safe: only an absolute
 * http(s) URL becomes a clickable link (a `javascript:` or `data:` URL would run or show arbitrary content).
 */
export function toHttpUrl(link: string): string | null {
  const value = link.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

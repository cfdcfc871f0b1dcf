import { pathWithoutAttempt } from '@murmur/config/remotes';

/** Every integrity remotes.json has given this page, by URL: a page may load a version read before a promote. */
const known = new Map<string, string>();

/** Keeps remotes.json's `integrity` section as its codec reads it (absolute URL to `sha384-…`). */
export function recordRemoteIntegrity(integrity: Record<string, string>): void {
  for (const [url, hash] of Object.entries(integrity)) known.set(url, hash);
}

/** The integrity remotes.json gives for the file at `url`, or for the file a Retry's URL of it stands for. */
export function integrityOfFile(url: string): string | undefined {
  const parsed = new URL(url);
  return known.get(`${parsed.origin}${pathWithoutAttempt(parsed.pathname) ?? parsed.pathname}`);
}

/**
 * The integrity of the files of the remote whose manifest is at `manifestUrl`, by the URLs a load from it uses: a
 * Retry's manifest, under the attempt prefix (packages/config/remotes.js), stands for the one remotes.json names, and
 * so does each of its files.
 */
export function integrityOfRemote(manifestUrl: string): Record<string, string> {
  const url = new URL(manifestUrl);
  const plain = pathWithoutAttempt(url.pathname) ?? url.pathname;
  const folder = `${url.origin}${plain.slice(0, plain.lastIndexOf('/') + 1)}`;
  const attemptFolder = new URL('./', url).href;
  const files: Record<string, string> = {};
  for (const [file, hash] of known) {
    if (file.startsWith(folder)) files[`${attemptFolder}${file.slice(folder.length)}`] = hash;
  }
  return files;
}

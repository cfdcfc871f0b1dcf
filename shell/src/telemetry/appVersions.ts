import { appNames, type AppName } from '@murmur/config/apps';
import { pathWithoutAttempt } from '@murmur/config/remotes';
import { versionPattern } from '@murmur/config/versions';

/** An app's released version that a file belongs to, and the file's path on its origin (without a retry's prefix). */
export interface VersionedFile {
  app: AppName;
  version: string;
  path: string;
}

/** Where each app's code on this page comes from: its origin and version, as its manifest's or script's URL says. */
const locations = new Map<AppName, { origin: string; version: string }>();

/** A path the collector accepts as a script's (reportSchema.js): no query, no odd characters. */
const reportablePath = /^\/[A-Za-z0-9._~/-]{0,299}$/;

/** The version and path of `url` when it is a released app's file (`<origin>/<version>/...`), else null. */
function versionedPath(url: string): { origin: string; version: string; path: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const path = pathWithoutAttempt(parsed.pathname) ?? parsed.pathname;
  const version = path.split('/')[1] ?? '';
  return versionPattern.test(version) ? { origin: parsed.origin, version, path } : null;
}

/**
 * Records where `app`'s code comes from, given the URL of one of its released files (a remote's manifest, the
 * shell's own script). An unversioned URL (a dev server, an override's watch build) records nothing: the page
 * reports nothing about unversioned code.
 */
export function recordAppLocation(app: AppName, url: string): void {
  const found = versionedPath(url);
  if (found) locations.set(app, { origin: found.origin, version: found.version });
  else locations.delete(app);
}

/** The version of `app` this page runs, or undefined when it runs none that was released. */
export const versionOf = (app: AppName): string | undefined => locations.get(app)?.version;

/**
 * The app and version whose released file `url` is, found by its origin (each app has its own), or null. The
 * version is the one in the URL: after a retry, a page may hold files of two versions of one app.
 */
export function fileOfApp(url: string): VersionedFile | null {
  const found = versionedPath(url);
  if (!found) return null;
  const app = appNames.find((name) => locations.get(name)?.origin === found.origin);
  if (!app) return null;
  return { app, version: found.version, path: reportablePath.test(found.path) ? found.path : '' };
}

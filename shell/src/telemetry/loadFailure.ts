import type { AppName } from '@murmur/config/apps';
import { fileOfApp, versionOf } from './appVersions';
import type { ErrorKind } from './events';

/** Whether the page was answered `status` whole: a 2xx (Chromium 109, Firefox 124 and later tell it). */
const whole = (entry: PerformanceResourceTiming) => entry.responseStatus >= 200 && entry.responseStatus < 300;

const answersTo = (url: string) => performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];

/** The answers the page had for files of `app`'s version on this page. */
function answersOf(app: AppName): PerformanceResourceTiming[] {
  const version = versionOf(app);
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => {
    const file = fileOfApp(entry.name);
    return file?.app === app && file.version === version;
  });
}

/**
 * What kind of failure to load `app` `error` is, and the file of `app` it names (its message is read here, never
 * sent). `integrity` when it says so, or when the browser failed to fetch files it was answered whole, with every
 * file of the remote answered whole: the browser refused one by its integrity. Else `load`: no answer, an error
 * status, a time limit. (A refused remoteEntry, which the runtime reports as any failed script, counts as `load`.)
 */
export function loadFailure(error: unknown, app: AppName): { kind: ErrorKind; script?: string } {
  const message = error instanceof Error ? error.message : '';
  const urls = message.match(/https?:\/\/[^\s'"`()]+/g) ?? [];
  const script = urls.find((url) => fileOfApp(url)?.app === app);
  const refused =
    error instanceof TypeError &&
    urls.length > 0 &&
    urls.every((url) => answersTo(url).some(whole)) &&
    answersOf(app).every(whole);
  return { kind: refused || /integrity/i.test(message) ? 'integrity' : 'load', ...(script ? { script } : {}) };
}

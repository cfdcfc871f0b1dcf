import type { AppName } from '@murmur/config/apps';
import { fileOfApp, versionOf, type VersionedFile } from './appVersions';
import type { ErrorKind, TelemetryEvent } from './events';

/** The script URLs a stack names, innermost frame first (Chromium's `at f (url:1:2)`, Firefox's `f@url:1:2`). */
export function scriptUrlsOf(stack: string): string[] {
  return [...stack.matchAll(/(https?:\/\/[^\s()'"@]+?):\d+(?::\d+)?(?=[)\s]|$)/gm)].map((match) => match[1] ?? '');
}

/**
 * A name the collector accepts, never the message: an error's own name (TypeError; a class of ours that sets its
 * name keeps it through minification), else the constructor's; "Unknown" for anything else.
 */
function nameOf(error: unknown): string {
  const name =
    error instanceof Error
      ? error.name
      : (error as { constructor?: { name?: unknown } } | null | undefined)?.constructor?.name;
  return typeof name === 'string' && /^[A-Za-z][A-Za-z0-9]{0,39}$/.test(name) ? name : 'Unknown';
}

/**
 * The error event for `error`. A load, mount or integrity failure is `fallback`'s, the remote that failed. An error
 * at run time is attributed to the app and version whose code threw: the first frame of its stack that is a remote's
 * released file; else `fallback` (the remote whose error boundary caught it), else the shell. Null when that app's
 * code on this page is unversioned (dev mode): nothing is sent about it. Only the constructor's name and the
 * script's path go in, never the message.
 */
export function errorEvent(
  error: unknown,
  kind: ErrorKind,
  { fallback = 'shell', script }: { fallback?: AppName; script?: string } = {},
): TelemetryEvent | null {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const files = [...(script ? [script] : []), ...scriptUrlsOf(stack)]
    .map(fileOfApp)
    .filter((file): file is VersionedFile => file !== null);
  const owner = kind === 'runtime' ? (files.find((file) => file.app !== 'shell')?.app ?? fallback) : fallback;
  const file = files.find((candidate) => candidate.app === owner);
  const version = file?.version ?? versionOf(owner);
  if (!version) return null;
  return {
    type: 'error',
    app: owner,
    version,
    kind,
    name: nameOf(error),
    ...(file?.path ? { script: file.path } : {}),
  };
}

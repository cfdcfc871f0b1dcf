import type { AppName } from '@murmur/config/apps';
import { errorEvent } from './errorAttribution';
import type { ErrorKind } from './events';
import { report } from './pageReport';

const reported = new WeakSet<object>();

/**
 * Reports `error` once (the same error may reach the runtime's hook, the outlet and the window), attributed as
 * errorEvent says; nothing when its app's code is unversioned. Never throws into the page.
 */
export function reportError(
  error: unknown,
  kind: ErrorKind,
  options: { fallback?: AppName; script?: string } = {},
): void {
  try {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    const event = errorEvent(error, kind, options);
    if (event) report(event);
  } catch {
    // Telemetry never breaks the page.
  }
}

/** Reports the errors nobody caught: uncaught exceptions and unhandled rejections, kind `runtime`. */
export function reportUncaughtErrors(): void {
  addEventListener('error', (event) => reportError(event.error ?? {}, 'runtime', { script: event.filename }));
  addEventListener('unhandledrejection', (event) => reportError(event.reason, 'runtime'));
}

import { createBatch } from './batch';
import type { ReportEvent } from './events';

/**
 * Where the page sends its reports, on its own origin: the store server's collector (packages/deploy/src/telemetry/
 * collector.js, `telemetryPath`), which `connect-src 'self'` allows.
 */
const collectorPath = '/_telemetry';

/** A random id of this page load, which tells its reports from another page's (the collector counts pages by it). */
function randomPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// As a beacon, text/plain: the browser sends it even as the page goes away, and it never delays the page.
const batch = createBatch(randomPageId(), (json) => navigator.sendBeacon(collectorPath, json));

/** Takes an event for this page's next report. */
export const report: ReportEvent = (event) => batch.add(event);

/**
 * Sends what is pending when the page is hidden or left: never earlier (but for a full report), so nothing is sent
 * before the first post shows. Listened to on the window, after the page's own listeners of the same events (web
 * vitals report then), so that their last figures go in the same report.
 */
export function sendWhenHidden(): void {
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush();
  });
  addEventListener('pagehide', () => batch.flush());
}

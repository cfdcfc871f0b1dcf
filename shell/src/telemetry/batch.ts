import type { TelemetryEvent } from './events';

/** The most events one report holds (the collector's schema). */
const maxEvents = 100;
/** The most bytes one report's events may weigh, below the collector's 16 KiB, leaving room for the envelope. */
const maxEventBytes = 16 * 1024 - 256;

/** Sends one report's JSON; false (or a throw) when the browser refused it, and the report is then dropped. */
export type SendReport = (json: string) => boolean;

/** The page's pending events: `add` one, `flush` sends them all, in reports the collector accepts. */
export interface Batch {
  add(event: TelemetryEvent): void;
  flush(): void;
}

/**
 * Collects the page's events and sends them as reports of page `page`: when asked (the page is hidden or left), and
 * as soon as the pending events would fill a report. A report the browser refuses is dropped, never retried, and
 * sending never throws into the page.
 */
export function createBatch(page: string, send: SendReport): Batch {
  let pending: string[] = [];
  let bytes = 0;
  const sendPending = () => {
    const events = pending;
    pending = [];
    bytes = 0;
    if (events.length === 0) return;
    try {
      send(`{"page":${JSON.stringify(page)},"events":[${events.join(',')}]}`);
    } catch {
      // Dropped: telemetry never breaks the page.
    }
  };
  return {
    add(event) {
      const json = JSON.stringify(event);
      if (bytes + json.length + 1 > maxEventBytes) sendPending();
      pending.push(json);
      bytes += json.length + 1;
      if (pending.length >= maxEvents) sendPending();
    },
    flush: sendPending,
  };
}

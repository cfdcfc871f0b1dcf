import type { Report } from '@murmur/reports';

/**
 * One thing the page reports about the code it ran, exactly as the collector's schema accepts it
 * (packages/reports/reportSchema.js, the report schema): which version of which app did what, and nothing else.
 */
export type TelemetryEvent = Report['events'][number];

/** A phase of loading a remote, each reported with its own duration (the collector sums them per page). */
export type LoadPhase = Extract<TelemetryEvent, { type: 'load' }>['phase'];

/** How an app's code failed: loading it, mounting it, at run time, or a file the browser refused by its integrity. */
export type ErrorKind = Extract<TelemetryEvent, { type: 'error' }>['kind'];

/** Takes an event for the page's next report. */
export type ReportEvent = (event: TelemetryEvent) => void;

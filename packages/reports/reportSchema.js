// @ts-check
import { z } from 'zod';
import { appNames } from '@murmur/config/apps';
import { versionPattern } from '@murmur/config/versions';

/**
 * What a page may report about the code it ran, and nothing else: which app's version did what, how long each phase
 * of a load took, the web vitals, and errors by kind and script. No free text (an error's message can hold what a
 * person wrote), no user, no token: a report with any other field is refused whole.
 */

/** The most a report may weigh, in bytes: a page sends a batch every few seconds at most. */
export const maxReportBytes = 16 * 1024;

/**
 * The values of the schema's rules, the one source of both checks: `reportSchema` below (the embedded server and the
 * health job) and packages/deploy/src/telemetry/reportWriter.js's `isReport` (nginx, which takes them as JSON:
 * patterns as their source text).
 */
export const reportRules = {
  apps: [...appNames],
  version: versionPattern.source,
  page: '^[A-Za-z0-9_-]{8,64}$',
  maxEvents: 100,
  phases: /** @type {const} */ (['manifest', 'entry', 'init', 'factory', 'mount']),
  maxMs: 10 * 60_000,
  kinds: /** @type {const} */ (['load', 'mount', 'runtime', 'integrity']),
  /** An error's constructor name, such as TypeError: never its message. */
  errorName: '^[A-Za-z][A-Za-z0-9]{0,39}$',
  /** The path of the script whose code threw or failed to load, inside its origin. */
  script: '^/[A-Za-z0-9._~/-]{0,299}$',
  vitals: /** @type {const} */ (['LCP', 'INP', 'CLS']),
  maxVital: 600_000,
};

const app = z.enum(appNames);
const version = z.string().regex(versionPattern);
const milliseconds = z.number().finite().min(0).max(reportRules.maxMs);

const event = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('load'),
    app,
    version,
    phase: z.enum(reportRules.phases),
    ms: milliseconds,
  }),
  z.strictObject({
    type: z.literal('error'),
    app,
    version,
    kind: z.enum(reportRules.kinds),
    name: z.string().regex(new RegExp(reportRules.errorName)),
    script: z.string().regex(new RegExp(reportRules.script)).optional(),
  }),
  z.strictObject({
    type: z.literal('vital'),
    app,
    version,
    name: z.enum(reportRules.vitals),
    value: z.number().finite().min(0).max(reportRules.maxVital),
  }),
]);

export const reportSchema = z.strictObject({
  /** A random id of the page load, so that its batches can be told apart from another page's. */
  page: z.string().regex(new RegExp(reportRules.page)),
  events: z.array(event).min(1).max(reportRules.maxEvents),
});

/** @typedef {z.infer<typeof reportSchema>} Report */

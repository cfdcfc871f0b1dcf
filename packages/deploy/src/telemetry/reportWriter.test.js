// @ts-check
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { reportRules, reportSchema } from '@murmur/reports';
import reportWriter from './reportWriter.js';

// nginx checks a report with reportWriter.js's `isReport` (njs cannot run zod), the embedded server and the health job
// with reportSchema.js: both must take the same reports, drawn here as reports, reports with a part changed, and any
// JSON at all.
const version = fc.stringMatching(new RegExp(reportRules.version));
const app = fc.constantFrom(...reportRules.apps);
const number = fc.oneof(
  fc.integer({ min: 0, max: 1000 }),
  fc.double({ noNaN: true }),
  fc.integer({ min: -1, max: reportRules.maxVital + 1 }),
);
const event = fc.oneof(
  fc.record({
    type: fc.constant('load'),
    app,
    version,
    phase: fc.constantFrom(...reportRules.phases),
    ms: number,
  }),
  fc.record(
    {
      type: fc.constant('error'),
      app,
      version,
      kind: fc.constantFrom(...reportRules.kinds),
      name: fc.oneof(fc.stringMatching(new RegExp(reportRules.errorName)), fc.string()),
      script: fc.oneof(fc.stringMatching(new RegExp(reportRules.script)), fc.string()),
    },
    { requiredKeys: ['type', 'app', 'version', 'kind', 'name'] },
  ),
  fc.record({
    type: fc.constant('vital'),
    app,
    version,
    name: fc.constantFrom(...reportRules.vitals),
    value: number,
  }),
);
const report = fc.record({
  page: fc.oneof(fc.stringMatching(new RegExp(reportRules.page)), fc.string()),
  events: fc.oneof(fc.array(event, { minLength: 1, maxLength: 3 }), fc.array(event, { maxLength: 102 })),
});
/** A report with one of its parts, or one of its first event's, replaced by any JSON value, or a key added. */
const changed = fc
  .tuple(report, fc.constantFrom('page', 'events', 'type', 'app', 'version', 'ms', 'name', 'extra'), fc.jsonValue())
  .map(([sent, key, value]) => {
    const [first, ...rest] = sent.events;
    if (key === 'page' || key === 'events' || (key === 'extra' && !first)) return { ...sent, [key]: value };
    return first ? { ...sent, events: [{ ...first, [key]: value }, ...rest] } : sent;
  });

it("takes the reports reportSchema.js takes, and no other (nginx's check is the schema's)", () => {
  fc.assert(
    fc.property(fc.oneof(report, changed, fc.jsonValue()), (value) => {
      const sent = JSON.parse(JSON.stringify(value) ?? 'null');
      expect(reportWriter.isReport(sent, reportRules), JSON.stringify(sent)).toBe(reportSchema.safeParse(sent).success);
    }),
    { numRuns: 3000 },
  );
});

import { describe, expect, it } from 'vitest';
import { maxReportBytes, reportSchema } from '@murmur/reports';
import { createBatch } from './batch';
import type { TelemetryEvent } from './events';

const load = (ms: number): TelemetryEvent => ({
  type: 'load',
  app: 'feed-mfe',
  version: '0123456789ab',
  phase: 'entry',
  ms,
});
const longError: TelemetryEvent = {
  type: 'error',
  app: 'profile-mfe',
  version: '0123456789ab-0123456789abcdef0123456789abcdef01234567',
  kind: 'runtime',
  name: 'A'.repeat(40),
  script: `/${'s'.repeat(299)}`,
};

/** A batch whose reports land in `sent`, as the collector would parse them. */
function collected(answer: () => boolean = () => true) {
  const sent: string[] = [];
  const batch = createBatch('page-0123456789', (json) => {
    sent.push(json);
    return answer();
  });
  return { batch, sent, reports: () => sent.map((json) => reportSchema.parse(JSON.parse(json))) };
}

describe("the page's batch of events", () => {
  it('sends nothing until flushed, then one report the collector accepts, and nothing more when empty', () => {
    const { batch, sent, reports } = collected();
    batch.add(load(12));
    batch.add(load(34));
    expect(sent).toEqual([]);
    batch.flush();
    batch.flush();
    expect(reports()).toEqual([{ page: 'page-0123456789', events: [load(12), load(34)] }]);
  });

  it('sends a report as soon as it holds 100 events, and never one the collector would refuse', () => {
    const { batch, sent, reports } = collected();
    for (let i = 0; i < 250; i++) batch.add(load(i));
    expect(sent).toHaveLength(2);
    batch.flush();
    expect(reports().map((report) => report.events.length)).toEqual([100, 100, 50]);
    expect(reports().flatMap((report) => report.events)).toEqual(Array.from({ length: 250 }, (_, i) => load(i)));
  });

  it('keeps each report under 16 KiB, however long its events', () => {
    const { batch, sent, reports } = collected();
    for (let i = 0; i < 90; i++) batch.add(longError);
    batch.flush();
    expect(sent.length).toBeGreaterThan(1);
    for (const json of sent) expect(new TextEncoder().encode(json).length).toBeLessThanOrEqual(maxReportBytes);
    expect(reports().flatMap((report) => report.events)).toHaveLength(90);
  });

  it('drops a report the browser refuses or that throws, without throwing, and goes on with the next', () => {
    let refuse: 'no' | 'false' | 'throw' = 'false';
    const { batch, sent } = collected(() => {
      if (refuse === 'throw') throw new TypeError('sendBeacon is not allowed');
      return refuse === 'no';
    });
    batch.add(load(1));
    expect(() => batch.flush()).not.toThrow();
    refuse = 'throw';
    batch.add(load(2));
    expect(() => batch.flush()).not.toThrow();
    refuse = 'no';
    batch.add(load(3));
    batch.flush();
    expect(sent.map((json) => JSON.parse(json).events)).toEqual([[load(1)], [load(2)], [load(3)]]);
  });
});

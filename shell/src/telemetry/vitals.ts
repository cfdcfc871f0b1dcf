import { appNames, type AppName } from '@murmur/config/apps';
import type { MetricWithAttribution } from 'web-vitals/attribution';
import { versionOf } from './appVersions';
import { appOfElement } from './elementApp';
import type { ReportEvent } from './events';

/** How long the page may stay busy before the vitals' code loads anyway. */
const idleWaitMs = 5_000;

let started = false;

/**
 * Runs `task` once, when the opening screen has its data (`screenData` settled: its first content is then drawn in
 * the same frame) and the page is idle after it: never on the way to the first screen, so the vitals' code is no
 * request before the first post.
 */
function afterOpeningScreen(screenData: Promise<unknown>, task: () => void): void {
  if (started) return;
  started = true;
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(task, { timeout: idleWaitMs })
      : setTimeout(task, 1_000);
  void screenData.then(idle, idle);
}

/**
 * Reports the page's web vitals, LCP, INP and CLS, each attributed to the app whose screen holds the element it is
 * about (the largest paint, the interaction's target, the largest shift), else the shell. web-vitals' attribution
 * build is loaded once the opening screen has its data (`screenData`, the first remote screen's; later calls do
 * nothing), when the page is idle, so it is never part of the first load nor a request before the first post; it
 * reads the entries the browser buffered meanwhile, and reports as the page is hidden.
 */
export function reportVitalsAfter(screenData: Promise<unknown>, report: ReportEvent): void {
  afterOpeningScreen(screenData, () => {
    import('web-vitals/attribution')
      .then(({ onLCP, onINP, onCLS }) => {
        // The attribution's "target" is the app's name instead of a selector: nothing of the page's content.
        const options = { generateTarget: (node: Node | null) => appOfElement(node) };
        const send = (metric: MetricWithAttribution, target: string | undefined) => {
          const app: AppName = appNames.find((name) => name === target) ?? 'shell';
          const version = versionOf(app);
          if (version)
            report({ type: 'vital', app, version, name: metric.name as 'LCP' | 'INP' | 'CLS', value: metric.value });
        };
        onLCP((metric) => send(metric, metric.attribution.target), options);
        onINP((metric) => send(metric, metric.attribution.interactionTarget), options);
        onCLS((metric) => send(metric, metric.attribution.largestShiftTarget), options);
      })
      .catch(() => {
        // No vitals this time (the chunk did not load): the page does not mind.
      });
  });
}

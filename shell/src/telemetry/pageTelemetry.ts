import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { federationNameOf, remoteNames, type RemoteName } from '@murmur/config/apps';
import { recordAppLocation } from './appVersions';
import { loadFailure } from './loadFailure';
import { createLoadPhases } from './loadPhases';
import { reportError, reportUncaughtErrors } from './pageErrors';
import { report, sendWhenHidden } from './pageReport';
import { reportVitalsAfter } from './vitals';

/**
 * The page's telemetry (docs/telemetry.md): starts recording the shell's own version (its script's URL names it;
 * none in dev mode) and errors nobody caught; reports go out as the page is hidden or left.
 */
export function startTelemetry(): void {
  recordAppLocation('shell', import.meta.url);
  reportUncaughtErrors();
  sendWhenHidden();
}

/**
 * Starts recording the web vitals once the opening screen has its data (`screenData`, the first remote's route data)
 * and the page is idle: the first remote outlet to be ready calls it, later calls do nothing.
 */
export const reportVitalsOnceShown = (screenData: Promise<unknown>) => reportVitalsAfter(screenData, report);

/** The page's measures of its remotes' loads: the loader's runtime plugin, and the parcels' mounts. */
export const loadPhases = createLoadPhases(report);

/**
 * Reports a failed load of `remote`'s code, attributed to that remote's version, as kind load or integrity
 * (loadFailure.ts): from the runtime's hook below, and from the outlet, where a failure the runtime never saw (a
 * time limit, remotes.json) ends. The same error reaching both is reported once.
 */
export function reportLoadFailure(error: unknown, remote: RemoteName): void {
  const { kind, script } = loadFailure(error, remote);
  reportError(error, kind, { fallback: remote, script });
}

/** Reports each failed load of a remote's module (reportLoadFailure). */
export const loadErrors: ModuleFederationRuntimePlugin = {
  name: 'murmur-load-errors',
  async errorLoadRemote({ id, error }) {
    const remote = remoteNames.find((app) => federationNameOf(app) === id.split('/')[0]);
    if (remote) reportLoadFailure(error, remote);
  },
};

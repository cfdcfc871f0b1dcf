import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { appNames, federationNameOf, type AppName } from '@murmur/config/apps';
import { recordAppLocation, versionOf } from './appVersions';
import type { LoadPhase, ReportEvent } from './events';

/** What the page measures of loading remotes: a runtime plugin for the loader, and the parcel's mount. */
export interface LoadPhases {
  plugin: ModuleFederationRuntimePlugin;
  /** The remote's parcel is about to mount (its outlet renders it): its `mount` phase starts, if not yet. */
  mounting(app: AppName): void;
  /** The remote's parcel mounted: its `mount` phase ends. */
  mounted(app: AppName): void;
  /**
   * Measures `work` as `phase` of loading `app` from the manifest at `manifestUrl`, where the page loads it without
   * the runtime (its hooks measure their own path): answers what `work` does.
   */
  measure<T>(app: AppName, phase: LoadPhase, manifestUrl: string, work: () => Promise<T>): Promise<T>;
}

/** The phases of one version of a remote on this page: when each started, which were reported. */
interface Timeline {
  version: string | undefined;
  started: Map<LoadPhase, number>;
  reported: Set<LoadPhase>;
}

/** The screen's module: its factory is the remote's "factory" phase (other exposes load beside it, or later). */
const screenExpose = './app';

const appOfFederationName = (name: string | undefined): AppName | undefined =>
  appNames.find((app) => federationNameOf(app) === name);

/**
 * Measures each remote's load on this page, phase by phase, and reports each phase once per version of the remote:
 * `manifest` (asked for a module until its manifest resolved), `factory` (its screen module's chunks and factory) and
 * `mount`; through the federation runtime (its hooks), `entry` (its remoteEntry script) and `init` (its container's
 * init, which wires the shared packages) too, which a remote loaded straight from its files has not (`measure`
 * measures that path). `mount` is its outlet rendering its parcel, until the parcel has mounted (a remote loaded
 * ahead of its route does not count the wait). Modules asked for later come from what is loaded
 * and add nothing. The remote's version is the one its manifest's URL names; an unversioned remote (dev mode, an
 * override) is not reported.
 */
export function createLoadPhases(report: ReportEvent): LoadPhases {
  const timelines = new Map<AppName, Timeline>();
  const timeline = (app: AppName): Timeline => {
    const version = versionOf(app);
    let found = timelines.get(app);
    if (!found || found.version !== version) {
      found = { version, started: new Map(), reported: new Set() };
      timelines.set(app, found);
    }
    return found;
  };
  const start = (app: AppName | undefined, phase: LoadPhase) => {
    if (!app) return;
    const { started } = timeline(app);
    if (!started.has(phase)) started.set(phase, performance.now());
  };
  const end = (app: AppName | undefined, phase: LoadPhase) => {
    if (!app) return;
    const { version, started, reported } = timeline(app);
    const since = started.get(phase);
    if (!version || since === undefined || reported.has(phase)) return;
    reported.add(phase);
    report({ type: 'load', app, version, phase, ms: Math.max(0, Math.round(performance.now() - since)) });
  };
  const plugin: ModuleFederationRuntimePlugin = {
    name: 'murmur-load-phases',
    registerRemote(args) {
      const app = appOfFederationName(args.remote.name);
      if (app && 'entry' in args.remote) recordAppLocation(app, args.remote.entry);
      return args;
    },
    async beforeRequest(args) {
      start(appOfFederationName(args.id.split('/')[0]), 'manifest');
      return args;
    },
    async afterResolve(args) {
      const app = appOfFederationName(args.remote?.name);
      end(app, 'manifest');
      start(app, 'entry');
      return args;
    },
    async afterLoadEntry({ remoteInfo, cached, error }) {
      if (!cached && !error) end(appOfFederationName(remoteInfo.name), 'entry');
    },
    async beforeInitContainer(args) {
      start(appOfFederationName(args.remoteInfo.name), 'init');
      return args;
    },
    async initContainer(args) {
      end(appOfFederationName(args.remoteInfo.name), 'init');
      return args;
    },
    async beforeGetExpose({ expose, moduleInfo }) {
      if (expose === screenExpose) start(appOfFederationName(moduleInfo.name), 'factory');
    },
    async afterExecuteFactory({ expose, moduleInfo, error }) {
      if (expose === screenExpose && !error) end(appOfFederationName(moduleInfo.name), 'factory');
    },
  };
  const measure = async <T>(app: AppName, phase: LoadPhase, manifestUrl: string, work: () => Promise<T>) => {
    recordAppLocation(app, manifestUrl);
    start(app, phase);
    const result = await work();
    end(app, phase);
    return result;
  };
  return { plugin, mounting: (app) => start(app, 'mount'), mounted: (app) => end(app, 'mount'), measure };
}

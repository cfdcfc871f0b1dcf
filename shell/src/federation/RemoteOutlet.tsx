import { useEffect, useRef, useState } from 'react';
import { useStore } from 'jotai';
import { useLocation } from '@murmur/router';
import Parcel from 'single-spa-react/parcel';
import type { ParcelConfig } from 'single-spa';
import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { useRemoteModule } from '@murmur/remote-kit';
import { prefetchRemotesWhenIdle } from './prefetchRemotes';
import { loadRemoteModule } from './loadRemoteModule';
import { RemoteFailed } from './RemoteFailed';
import { RemoteLoading } from './RemoteLoading';
import { mountedParcelHost, parcelHost, type MountParcel } from './parcelHost';
import { onOverrideRebuilt } from '../overrides/overridesInUse';
import { onRemotesMoved } from './remoteLocations';
import type { ParcelProps } from './remoteModuleTypes';
import { preloadRoute } from './routePreload';
import { reportError } from '../telemetry/pageErrors';
import { loadPhases, reportLoadFailure, reportVitalsOnceShown } from '../telemetry/pageTelemetry';

/**
 * Mounts the remote that owns the current route as a single-spa parcel, in its own React root. A remote that
 * cannot be loaded, or fails to mount, is replaced by a message with a Retry button; the rest of the page stays.
 * The parcel gets the page's store (`store`) and the shell's loader of remote modules (`loadRemoteModule`). The
 * route's data is asked through the remote's `./preload`, loaded beside `./app`, not after the screen has rendered.
 * Its load, mount and the errors its error boundary catches are reported (docs/telemetry.md).
 */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const store = useStore();
  const { pathname } = useLocation();
  const app = useRemoteModule<ParcelConfig>(loadRemoteModule, `${remote}/app`);
  const routeData = useRef<Promise<void>>(undefined);
  useEffect(() => {
    routeData.current = preloadRoute(remote, { store, pathname });
  }, [remote, store, pathname]);
  // A new build of this tab's override of the remote: loaded again in place, without a reload of the page.
  const reload = app.status === 'ready' ? app.reload : null;
  useEffect(() => (reload ? onOverrideRebuilt(remote, reload) : undefined), [remote, reload]);
  const mountParcel = useParcelHost();
  const [mountError, setMountError] = useState<{ config: ParcelConfig; error: Error } | null>(null);
  // The module whose screen crashed (its error boundary shows the failure in its place).
  const [crashed, setCrashed] = useState<ParcelConfig | null>(null);
  // A remote that failed or crashed here, whose version this tab then moves (a rollback, a fix): nothing of it works
  // on screen, so it tries the new one at once rather than wait for the next visit.
  const failedRetry =
    app.status === 'failed'
      ? app.retry
      : app.status === 'ready' && (mountError?.config === app.module || crashed === app.module)
        ? app.reload
        : null;
  useEffect(
    () => (failedRetry ? onRemotesMoved((moved) => moved.includes(remote) && failedRetry()) : undefined),
    [remote, failedRetry],
  );
  const ready = app.status === 'ready';
  const loadError = app.status === 'failed' ? app.error : null;
  useEffect(() => {
    if (loadError) reportLoadFailure(loadError, remote);
  }, [loadError, remote]);
  useEffect(() => {
    if (ready) reportVitalsOnceShown(routeData.current ?? Promise.resolve());
  }, [ready]);
  // The other remotes' code, once this screen is on the page: never competing with it for the link or the CPU.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return prefetchRemotesWhenIdle(otherRemotes(remote), routeData.current);
  }, [mounted, remote]);

  if (app.status === 'loading' || !mountParcel) return <RemoteLoading remote={remote} />;
  if (app.status === 'failed') return <RemoteFailed appName={remote} error={app.error} onRetry={app.retry} />;
  if (mountError?.config === app.module) {
    return <RemoteFailed appName={remote} error={mountError.error} onRetry={() => setMountError(null)} />;
  }
  // Idempotent: the mount's time starts at the first render of the parcel, before its mount begins.
  loadPhases.mounting(remote);
  const parcelProps: ParcelProps = {
    loadRemoteModule,
    reportCrash: (error: Error) => {
      reportError(error, 'runtime', { fallback: remote });
      setCrashed(app.module);
    },
    store,
  };
  return (
    <Parcel
      config={app.module}
      mountParcel={mountParcel}
      wrapWith="div"
      wrapClassName="min-h-[60vh]"
      handleError={(error: Error) => {
        reportError(error, 'mount', { fallback: remote });
        setMountError({ config: app.module, error });
      }}
      parcelDidMount={() => {
        loadPhases.mounted(remote);
        setMounted(true);
      }}
      {...parcelProps}
    />
  );
}

/** The parcel host's `mountParcel`: at once, since the page's boot mounted it long before a remote's code is in. */
function useParcelHost(): MountParcel | null {
  const [mountParcel, setMountParcel] = useState<{ mount: MountParcel } | null>(() => {
    const mount = mountedParcelHost();
    return mount ? { mount } : null;
  });
  useEffect(() => {
    if (mountParcel) return;
    let current = true;
    void parcelHost().then((mount) => current && setMountParcel({ mount }));
    return () => {
      current = false;
    };
  }, [mountParcel]);
  return mountParcel?.mount ?? null;
}

const otherRemotes = (remote: RemoteName) => remoteNames.filter((name) => name !== remote);

import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { recordSharedInstance } from '@murmur/data';
import { AppScope } from './AppScope';
import { RemoteCrashed } from './RemoteCrashed';
import type { LoadRemoteModule } from './remoteLoader';
import { RemoteRoot } from './RemoteRoot';
import type { Store } from './store';

/** What the shell hands every remote it mounts, as single-spa parcel props. */
export interface RemoteAppProps {
  loadRemoteModule: LoadRemoteModule;
  /** The page's one Jotai store, made by the shell at boot: the remote's atoms live in it, never in a store of its own. */
  store: Store;
  /** Reports an error the remote's error boundary caught (the shell's telemetry); absent when the remote runs alone. */
  reportCrash?: (error: Error) => void;
}

/**
 * The single-spa lifecycles a remote exposes as `./app`. The remote is its own React root with its own router;
 * the shell starts single-spa, whose patched history API turns every pushState into a popstate, so both routers
 * follow each other's navigation.
 */
export function createLifecycles(App: ComponentType, appName: string) {
  recordSharedInstance('react', React);
  recordSharedInstance('react-dom/client', ReactDOMClient);
  function Root({ loadRemoteModule, store }: RemoteAppProps) {
    return (
      <RemoteRoot appName={appName} loadRemoteModule={loadRemoteModule} store={store}>
        <App />
      </RemoteRoot>
    );
  }
  return singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: (error, _info, props) => {
      props.reportCrash?.(error);
      return (
        <AppScope app={appName}>
          <RemoteCrashed appName={appName} error={error} />
        </AppScope>
      );
    },
  });
}

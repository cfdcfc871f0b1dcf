import React, { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import { recordSharedInstance } from '@murmur/data';
import { AppScope } from './AppScope';
import { RemoteCrashed } from './RemoteCrashed';
import type { LoadRemoteModule } from './remoteLoader';
import { RemoteRoot } from './RemoteRoot';
import type { Store } from './store';

/** What the shell hands every remote it mounts, as single-spa parcel props. */
export interface RemoteAppProps {
  loadRemoteModule: LoadRemoteModule;
  /**
   * The page's one Jotai store, made by the shell at boot: the remote's atoms live in it, never in a store of its own.
   */
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
  /**
   * The root's error boundary, made here rather than by single-spa-react from an `errorBoundary` function: that one is
   * a class it makes on the first mount, closing over that mount's props (its container among them) for as long as
   * the page lives. This one reads only the props of the root it is in.
   */
  class CrashBoundary extends Component<RemoteAppProps & AppProps & { children?: ReactNode }, { error: Error | null }> {
    override state: { error: Error | null } = { error: null };
    override componentDidCatch(error: Error, _info: ErrorInfo) {
      this.props.reportCrash?.(error);
      this.setState({ error });
    }
    override render() {
      const { error } = this.state;
      if (!error) return this.props.children;
      return (
        <AppScope app={appName}>
          <RemoteCrashed appName={appName} error={error} />
        </AppScope>
      );
    }
  }
  return singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundaryClass: CrashBoundary,
  });
}

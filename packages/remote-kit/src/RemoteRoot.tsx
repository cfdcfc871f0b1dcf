import { StrictMode, useEffect, type ReactNode } from 'react';
import { Provider, useStore } from 'jotai';
import { BrowserRouter } from '@murmur/router';
import { AppScope } from './AppScope';
import { RemoteModulesProvider } from './RemoteModules';
import type { LoadRemoteModule } from './remoteLoader';
import { recordStore, type Store } from './store';

interface RemoteRootProps {
  appName: string;
  loadRemoteModule: LoadRemoteModule;
  /** The page's store: the shell's when composed (a parcel prop), the remote's own when it runs alone. */
  store: Store;
  children: ReactNode;
}

/** Reports the store this root's atoms are read from, as the tree sees it (see recordStore). */
function StoreReport() {
  const store = useStore();
  useEffect(() => recordStore(store), [store]);
  return null;
}

/**
 * What surrounds a remote's screens, composed or alone: the page's store, its loader of other remotes' modules, its
 * own router, and the scope of its stylesheet.
 */
export function RemoteRoot({ appName, loadRemoteModule, store, children }: RemoteRootProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <StoreReport />
        <RemoteModulesProvider value={loadRemoteModule}>
          <BrowserRouter>
            <AppScope app={appName}>{children}</AppScope>
          </BrowserRouter>
        </RemoteModulesProvider>
      </Provider>
    </StrictMode>
  );
}

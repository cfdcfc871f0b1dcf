import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from '@murmur/router';
import { AppScope } from './AppScope';
import { RemoteModulesProvider } from './RemoteModules';
import type { LoadRemoteModule } from './remoteLoader';

interface RemoteRootProps {
  appName: string;
  loadRemoteModule: LoadRemoteModule;
  children: ReactNode;
}

/**
 * What surrounds a remote's screens, composed or alone: its loader of other remotes' modules, its own router, and
 * the scope of its stylesheet.
 */
export function RemoteRoot({ appName, loadRemoteModule, children }: RemoteRootProps) {
  return (
    <StrictMode>
      <RemoteModulesProvider value={loadRemoteModule}>
        <BrowserRouter>
          <AppScope app={appName}>{children}</AppScope>
        </BrowserRouter>
      </RemoteModulesProvider>
    </StrictMode>
  );
}

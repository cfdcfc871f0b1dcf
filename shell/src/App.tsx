import { ErrorBoundary } from 'react-error-boundary';
import { NewVersionNotice } from './deployment/NewVersionNotice';
import { OverrideBadge } from './overrides/OverrideBadge';
import { OverridePanel } from './overrides/OverridePanel';
import { RemoteOutlet } from './federation/RemoteOutlet';
import { AppCrashed } from './layout/AppCrashed';
import { AppRoutes } from './layout/AppRoutes';
import { TopBar } from './layout/TopBar';
import { SessionNotice } from './session/SessionNotice';
import { SessionSync } from './session/SessionSync';

export function App() {
  return (
    <ErrorBoundary FallbackComponent={AppCrashed}>
      <SessionSync />
      <OverrideBadge />
      <OverridePanel />
      <TopBar />
      <NewVersionNotice />
      <AppRoutes renderRemote={(remote) => <RemoteOutlet key={remote} remote={remote} />} />
      <SessionNotice />
    </ErrorBoundary>
  );
}

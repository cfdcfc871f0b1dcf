import { NewVersionNotice } from './deployment/NewVersionNotice';
import { RemoteOutlet } from './federation/RemoteOutlet';
import { AppRoutes } from './layout/AppRoutes';
import { TopBar } from './layout/TopBar';
import { SessionSync } from './session/SessionSync';

export function App() {
  return (
    <>
      <SessionSync />
      <TopBar />
      <NewVersionNotice />
      <AppRoutes renderRemote={(remote) => <RemoteOutlet key={remote} remote={remote} />} />
    </>
  );
}

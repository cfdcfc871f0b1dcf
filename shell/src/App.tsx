import { Route, Routes } from 'react-router-dom';
import { RemoteOutlet } from './federation/RemoteOutlet';
import { TopBar } from './layout/TopBar';
import { NotFound } from './layout/NotFound';
import { RedirectWhenSignedIn } from './session/RedirectWhenSignedIn';
import { RequireSession } from './session/RequireSession';

/** The route table: which remote owns which path, and which paths need a session. */
export function App() {
  const feed = <RemoteOutlet key="murmur_feed" remote="murmur_feed" />;
  return (
    <>
      <TopBar />
      <Routes>
        <Route element={<RedirectWhenSignedIn />}>
          <Route path="/auth" element={<RemoteOutlet key="murmur_auth" remote="murmur_auth" />} />
        </Route>
        <Route element={<RequireSession />}>
          <Route path="/" element={feed} />
          <Route path="/bookmark" element={feed} />
          <Route path="/explore" element={feed} />
          <Route path="/profile/:profileID" element={<RemoteOutlet key="murmur_profile" remote="murmur_profile" />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </>
  );
}

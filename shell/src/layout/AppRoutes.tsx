import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteName } from '@murmur/config/remotes';
import { RedirectWhenSignedIn } from '../session/RedirectWhenSignedIn';
import { RequireSession } from '../session/RequireSession';
import { NotFound } from './NotFound';

interface AppRoutesProps {
  /** What stands for a remote: its parcel in the app, a placeholder in component tests (no federation in jsdom). */
  renderRemote: (remote: RemoteName) => ReactNode;
}

/** The route table: which remote owns which path, and which paths need a session (spec 2). */
export function AppRoutes({ renderRemote }: AppRoutesProps) {
  // One element for the feed's three paths, so moving between them keeps its parcel mounted.
  const feed = renderRemote('murmur_feed');
  return (
    <Routes>
      <Route element={<RedirectWhenSignedIn />}>
        <Route path="/auth" element={renderRemote('murmur_auth')} />
      </Route>
      <Route element={<RequireSession />}>
        <Route path="/" element={feed} />
        <Route path="/bookmark" element={feed} />
        <Route path="/explore" element={feed} />
        <Route path="/profile/:profileID" element={renderRemote('murmur_profile')} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

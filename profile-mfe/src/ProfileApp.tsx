import { Route, Routes } from '@murmur/router';
import { routes } from '@murmur/config/routes';
import { ProfilePage } from './profile/ProfilePage';

/** The one route profile-mfe owns; on any other route this root renders nothing until the shell unmounts it. */
export function ProfileApp() {
  return (
    <main className="mx-auto w-full max-w-2xl p-4" data-remote="profile-mfe">
      <Routes>
        <Route path={routes.profile.path} element={<ProfilePage />} />
        <Route path="*" element={null} />
      </Routes>
    </main>
  );
}

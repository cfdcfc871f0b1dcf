import { Route, Routes } from 'react-router-dom';
import { ProfilePage } from './ProfilePage';

export function ProfileApp() {
  return (
    <Routes>
      <Route path="/profile/:profileID" element={<ProfilePage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

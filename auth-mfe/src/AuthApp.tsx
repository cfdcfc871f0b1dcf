import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './LoginPage';

export function AuthApp() {
  return (
    <Routes>
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}

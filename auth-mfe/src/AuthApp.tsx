import { Navigate, Route, Routes } from '@murmur/router';
import { routes } from '@murmur/config/routes';
import { LoginPage } from './LoginPage';

interface AuthAppProps {
  /**
   * Alone, no shell takes the person on after a login, so the page itself says who is signed in, and any other
   * path leads to /auth. Composed, the shell owns both, and auth-mfe must not navigate or the two roots would race.
   */
  standalone?: boolean;
}

export function AuthApp({ standalone = false }: AuthAppProps) {
  return (
    <Routes>
      <Route path={routes.auth.path} element={<LoginPage confirmSignIn={standalone} />} />
      <Route path="*" element={standalone ? <Navigate to={routes.auth.path} replace /> : null} />
    </Routes>
  );
}

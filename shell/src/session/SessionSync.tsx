import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { logoutAtom } from '@murmur/data';

/**
 * Logging out in another tab removes the stored session; this tab follows (and so goes to /auth) rather than
 * carrying on with a session that storage no longer holds. Sign-ins elsewhere are left alone: their two writes
 * arrive as two events, and reading the pair between them would look corrupted and wipe it for every tab.
 */
export function SessionSync() {
  const logout = useSetAtom(logoutAtom);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage) return;
      if (localStorage.getItem('token') === null && localStorage.getItem('user') === null) logout();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout]);
  return null;
}

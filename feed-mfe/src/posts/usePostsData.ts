import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { fetchUsersAtom, usersStateAtom } from '@murmur/mock-api';

/** Authors' pictures come from the users list; fetch it unless it is already there or on its way. */
export function useUsersLoaded(): void {
  const fetchUsers = useSetAtom(fetchUsersAtom);
  const { userStatus } = useAtomValue(usersStateAtom);
  const needed = userStatus === 'idle';
  useEffect(() => {
    if (needed) void fetchUsers();
  }, [needed, fetchUsers]);
}

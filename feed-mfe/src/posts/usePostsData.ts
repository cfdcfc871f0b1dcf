import { useAtomValue } from 'jotai';
import { usersListAtom } from '@murmur/mock-api';

/** Authors' pictures come from the users list: keep its query mounted (cached, refreshed behind on a new mount). */
export function useUsersLoaded(): void {
  useAtomValue(usersListAtom);
}

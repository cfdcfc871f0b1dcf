/** One user by username: the profile's (docs/data-layer.md, "Users"). */
import { queryOptions } from '@tanstack/react-query';
import type { User } from '@murmur/mock-api-contract';
import { ApiError } from '../client/http';
import { getUser } from '../client/users';
import { USERS_KEY } from './keys';

/** Every one-user query sits under this key. */
export const ONE_USER_KEY = [...USERS_KEY, 'one'] as const;

export const userQueryKey = (username: string) => [...ONE_USER_KEY, username] as const;

/**
 * The user named `username`, or null when there is none: "User not found" is an answer, not a failure. The back end
 * also resolves an `_id` (mock-api/rules.md, "The calls"); a profile address names a username, so a user found by id
 * is not this one.
 */
export async function fetchUserByUsername(username: string): Promise<User | null> {
  try {
    const { user } = await getUser(username);
    return user.username === username ? user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * How long a fetched user counts as fresh: a prefetch made while the profile's code loads is not fetched again when
 * the page mounts a moment later. Writes of this page invalidate it at once; a later visit refetches behind the card.
 */
const USER_FRESH_MS = 5_000;

export const userOptions = (username: string) =>
  queryOptions({
    queryKey: userQueryKey(username),
    queryFn: () => fetchUserByUsername(username),
    staleTime: USER_FRESH_MS,
  });

/** The roots of the cache's keys: every query of an entity sits under its root, so one filter reaches them all. */
export const POSTS_KEY = ['posts'] as const;
export const USERS_KEY = ['users'] as const;

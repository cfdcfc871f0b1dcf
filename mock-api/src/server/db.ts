/**
 * The in-memory store: plain records in Maps (insertion order is the order GET answers in). Mirage is used only as
 * the router; its models would share nested objects between records, which spec 2.3 forbids.
 */
import type { Post, User, UserRef } from '../types';

export interface UserRecord extends User {
  password: string;
}

export interface Db {
  users: Map<string, UserRecord>;
  posts: Map<string, Post>;
  newId(kind: 'user' | 'post' | 'comment'): string;
}

export function createDb(): Db {
  let counter = 0;
  // The run prefix keeps ids of different page loads apart, so a stale client id never hits a new record.
  const run = Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
  return {
    users: new Map(),
    posts: new Map(),
    newId: (kind) => `${kind}-${run}-${(++counter).toString(16).padStart(6, '0')}`,
  };
}

/** Records hold only JSON data, so a JSON round trip is a complete deep copy. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function toPublicUser(record: UserRecord): User {
  const user: Partial<UserRecord> = clone(record);
  delete user.password;
  return user as User;
}

export const refOf = (user: { _id: string; username: string }): UserRef => ({ _id: user._id, username: user.username });

export const hasRef = (list: UserRef[], userId: string): boolean => list.some((ref) => ref._id === userId);

export const withoutRef = (list: UserRef[], userId: string): UserRef[] => list.filter((ref) => ref._id !== userId);

export function findUserByUsername(db: Db, username: string): UserRecord | undefined {
  for (const user of db.users.values()) if (user.username === username) return user;
  return undefined;
}

export function findUserByEmail(db: Db, email: string): UserRecord | undefined {
  const wanted = email.toLowerCase();
  // Accounts signed up without an email have '', which must never match.
  if (wanted === '') return undefined;
  for (const user of db.users.values()) if (user.email.toLowerCase() === wanted) return user;
  return undefined;
}

export const allPosts = (db: Db): Post[] => clone([...db.posts.values()]);

export const allUsers = (db: Db): User[] => [...db.users.values()].map(toPublicUser);

/**
 * The in-memory store: plain records in tables indexed for each read (see user-table.ts, post-table.ts). Mirage is used
 * only as the router; its models would share nested objects between records (mock-api/rules.md, "Stored records").
 * Answers are serialised by the request layer as soon as a handler returns (http.ts), so handlers answer live records
 * (users without their password) and nothing copies the database.
 */
import type { User, UserRef } from '@murmur/mock-api-contract';
import { PostTable } from './post-table';
import { type UserRecord, UserTable, refOf } from './user-table';

export { refOf, type UserRecord };

export interface Db {
  users: UserTable;
  posts: PostTable;
  newId(kind: 'user' | 'post' | 'comment'): string;
}

export function createDb(): Db {
  let counter = 0;
  // The run prefix keeps ids of different page loads apart, so a stale client id never hits a new record.
  const run = Math.floor(Math.random() * 0x100000000)
    .toString(16)
    .padStart(8, '0');
  const users = new UserTable();
  return {
    users,
    posts: new PostTable(users),
    newId: (kind) => `${kind}-${run}-${(++counter).toString(16).padStart(6, '0')}`,
  };
}

/** The record without its password: a shallow copy, serialised before any other write can run. */
export function toPublicUser(record: UserRecord): User {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { password, ...user } = record;
  return user;
}

export const hasRef = (list: UserRef[], userId: string): boolean => list.some((ref) => ref._id === userId);

export const withoutRef = (list: UserRef[], userId: string): UserRef[] => list.filter((ref) => ref._id !== userId);

export const findUserByUsername = (db: Db, username: string): UserRecord | undefined =>
  db.users.findByUsername(username);

export const findUserByEmail = (db: Db, email: string): UserRecord | undefined => db.users.findByEmail(email);

export const allUsers = (db: Db): User[] => [...db.users.values()].map(toPublicUser);

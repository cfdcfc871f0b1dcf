/**
 * Users, indexed for each read: by id, by username, by lower-cased email, in sign-up order (for pages), and the
 * follow relation as sets beside the records' followers/following lists (which the API answers).
 * Usernames and emails never change after sign-up (profile edit cannot touch them), so their indexes are set once.
 */
import type { User, UserRef } from '@murmur/mock-api-contract';

export interface UserRecord extends User {
  password: string;
}

export const refOf = (user: { _id: string; username: string }): UserRef => ({ _id: user._id, username: user.username });

export class UserTable {
  private readonly byId = new Map<string, UserRecord>();
  private readonly byUsername = new Map<string, UserRecord>();
  private readonly byEmail = new Map<string, UserRecord>();
  /** Sign-up order; users are never deleted, so a position in it is a stable keyset cursor. */
  private readonly ordered: UserRecord[] = [];
  private readonly following = new Map<string, Set<string>>();

  get size(): number {
    return this.ordered.length;
  }

  get(id: string): UserRecord | undefined {
    return this.byId.get(id);
  }

  /** Adds a new record (a known id is refused: records are changed in place, never replaced). */
  set(id: string, record: UserRecord): void {
    if (this.byId.has(id)) throw new Error(`user ${id} is already stored`);
    this.byId.set(id, record);
    this.byUsername.set(record.username, record);
    // Accounts signed up without an email have '', which must never match.
    if (record.email !== '') this.byEmail.set(record.email.toLowerCase(), record);
    this.ordered.push(record);
    this.following.set(id, new Set(record.following.map((ref) => ref._id)));
  }

  values(): IterableIterator<UserRecord> {
    return this.byId.values();
  }

  findByUsername(username: string): UserRecord | undefined {
    return this.byUsername.get(username);
  }

  findByEmail(email: string): UserRecord | undefined {
    return email === '' ? undefined : this.byEmail.get(email.toLowerCase());
  }

  /** Up to `limit` users after sign-up position `after` (-1 for the start) and the position of the last one. */
  page(limit: number, after: number): { users: UserRecord[]; last: number | null } {
    const start = after + 1;
    const users = this.ordered.slice(start, start + limit);
    return { users, last: start + limit < this.ordered.length ? start + users.length - 1 : null };
  }

  isFollowing(user: UserRecord, targetId: string): boolean {
    return this.following.get(user._id)?.has(targetId) ?? false;
  }

  follow(user: UserRecord, target: UserRecord): void {
    if (this.isFollowing(user, target._id)) return;
    this.following.get(user._id)?.add(target._id);
    user.following = [...user.following, refOf(target)];
    target.followers = [...target.followers.filter((ref) => ref._id !== user._id), refOf(user)];
  }

  unfollow(user: UserRecord, target: UserRecord): void {
    this.following.get(user._id)?.delete(target._id);
    user.following = user.following.filter((ref) => ref._id !== target._id);
    target.followers = target.followers.filter((ref) => ref._id !== user._id);
  }
}

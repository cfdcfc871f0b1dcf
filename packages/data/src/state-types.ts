/** The state types of the data layer: what the screens read from its atoms and what its actions answer. */
import type { Comment, Post, User } from '@murmur/mock-api-contract';

/** Request status values (docs/data-layer.md, "State fields"). */
export type RequestStatus = 'idle' | 'loading' | 'pending' | 'fulfilled' | 'rejected';

export interface Session {
  token: string | null;
  user: User | null;
  status: RequestStatus;
  error: string | null;
}

export interface PostsState {
  status: RequestStatus;
  error: string | null;
  posts: Post[];
  /** Post ids bookmarked by the session user. */
  bookmarks: string[];
  comments: Comment[];
  postIsLiked: boolean;
  postIsEdited: boolean;
}

export interface UsersState {
  users: User[];
  userStatus: RequestStatus;
}

/** What every action (write atom) resolves to: actions never throw. */
export type ActionResult = { ok: true } | { ok: false; error: string };

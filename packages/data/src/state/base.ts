/**
 * The primitive atoms behind the public read-only views. They live in one module so that the session, posts and
 * users actions can update each other without import cycles; apps only ever see the views and the actions.
 */
import { atom } from 'jotai';
import type { PostsState, RequestStatus, Session } from '../state-types';

export const EMPTY_SESSION: Session = { token: null, user: null, status: 'idle', error: null };

const EMPTY_POSTS: PostsState = {
  status: 'idle',
  error: null,
  posts: [],
  bookmarks: [],
  comments: [],
  postIsLiked: false,
  postIsEdited: false,
};

export const sessionBaseAtom = atom<Session>(EMPTY_SESSION);
export const postsBaseAtom = atom<PostsState>(EMPTY_POSTS);
/** The status of the last users write (follow, profile edit); the users themselves live in the query cache. */
export const usersWriteStatusAtom = atom<RequestStatus>('idle');

/**
 * Counts the sessions of the page: login, restore and logout each start a new one. An action notes the count when
 * it starts, so an answer that lands after its session ended is dropped instead of bringing that person back.
 */
export const sessionEpochAtom = atom(0);

/** The check of the restored session user against the back end, which the actions that trust that user await. */
export const sessionRefreshAtom = atom<Promise<void> | null>(null);

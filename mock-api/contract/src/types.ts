/** Entity, request and answer types: what the client and the back end exchange, defined once for every app. */

/** Timestamp in the form 2026-11-22T14:03:09+00:00. */
export type Timestamp = string;

/**
 * A reference to a user, as stored in likes, votes and follow lists (mock-api/rules.md, "Stored records": never a
 * stale copy).
 */
export interface UserRef {
  _id: string;
  username: string;
}

/** A user as the API returns it: never with a password. */
export interface User {
  _id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  profilePic: string;
  profileBanner: string;
  bio: string;
  link: string;
  followers: UserRef[];
  following: UserRef[];
  /** Post ids. */
  bookmarks: string[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface Votes {
  upvotedBy: UserRef[];
  downvotedBy: UserRef[];
}

export interface Comment {
  _id: string;
  username: string;
  text: string;
  votes: Votes;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface Likes {
  likeCount: number;
  likedBy: UserRef[];
  dislikedBy: UserRef[];
}

export interface Post {
  _id: string;
  /** The author's username. */
  username: string;
  content: string;
  likes: Likes;
  comments: Comment[];
  bookmarks: string[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type FeedMode = 'latest' | 'trending';

export interface Credentials {
  /** A username or an email address (mock-api/rules.md, "Login"). */
  username: string;
  password: string;
}

export interface SignupData {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  email?: string;
}

/** Fields a person may change on their own profile (mock-api/rules.md, "Profile edit"). */
export interface ProfileEdit {
  bio?: string;
  link?: string;
  firstName?: string;
  lastName?: string;
  profilePic?: string;
  profileBanner?: string;
}

/** Response bodies of the calls (mock-api/rules.md, "The calls"). */
export interface LoginResponse {
  encodedToken: string;
  foundUser: User;
}

export interface SignupResponse {
  encodedToken: string;
  createdUser: User;
}

export interface PostsResponse {
  posts: Post[];
}

/** GET /posts/:postId, and every post or comment write sent with `Prefer: return=minimal` (the changed post). */
export interface PostResponse {
  post: Post;
}

export interface CommentsResponse {
  comments: Comment[];
}

export interface UsersResponse {
  users: User[];
}

/** GET /users/:userId, profile edit, and bookmark writes sent with `Prefer: return=minimal` (the changed user). */
export interface UserResponse {
  user: User;
}

export interface BookmarksResponse {
  /** Post ids. */
  bookmarks: string[];
}

export interface FollowResponse {
  user: User;
  followUser: User;
}

/**
 * Paged reads (mock-api/rules.md, "Paging"): beside the unpaged answers. `cursor` is the `nextCursor` of the
 * previous page, opaque; a page without `sort` is in Latest order (a later page follows its cursor's order).
 */
export interface PageParams {
  /** 1 to 100, 20 when left out. */
  limit?: number;
  cursor?: string | null;
  sort?: FeedMode;
}

/** The users list has one order (sign-up order), so it takes no sort. */
export type UsersPageParams = Omit<PageParams, 'sort'>;

/** A page of posts: all posts, one author's, or the session user's bookmarked posts. */
export interface PostsPage {
  posts: Post[];
  /** null on the last page. */
  nextCursor: string | null;
  /** The users who wrote the page's posts, each once (their names and pictures, without the whole users list). */
  authors: User[];
}

/**
 * GET /posts/newer?since=<post id>: whether anything is newer than the newest post a client shows
 * (docs/data-layer.md, "Newer posts"), answered from the back end's index.
 */
export interface NewerPosts {
  /** Posts newer than `since` in Latest order (every post when `since` is left out). */
  count: number;
  /** The id of the newest post, null when there is none: the `since` of a client that shows no post yet. */
  newest: string | null;
}

export interface UsersPage {
  users: User[];
  nextCursor: string | null;
}

/** Every refusal of the back end: the first message is the one to show (mock-api/rules.md, "Errors"). */
export interface ErrorResponse {
  errors: string[];
}

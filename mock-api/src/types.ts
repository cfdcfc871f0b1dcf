/** Entity types of spec section 3, defined once for every app. */

/** Timestamp in the form 2026-11-22T14:03:09+00:00. */
export type Timestamp = string;

/** A reference to a user, as stored in likes, votes and follow lists (spec 2.3: never a stale copy). */
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

/** Request status values of spec section 4. */
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

export type FeedMode = 'latest' | 'trending';

export interface Credentials {
  /** A username or an email address (spec 2.1). */
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

/** Fields a person may change on their own profile (spec 2.3). */
export interface ProfileEdit {
  bio?: string;
  link?: string;
  firstName?: string;
  lastName?: string;
  profilePic?: string;
  profileBanner?: string;
}

/** Response bodies of spec section 7. */
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

export interface PostResponse {
  post: Post;
}

export interface CommentsResponse {
  comments: Comment[];
}

export interface UsersResponse {
  users: User[];
}

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

/** Every refusal of the back end: the first message is the one to show (spec 2.2). */
export interface ErrorResponse {
  errors: string[];
}

/** What every action (write atom) resolves to: actions never throw. */
export type ActionResult = { ok: true } | { ok: false; error: string };

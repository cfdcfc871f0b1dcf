import type {
  BookmarksResponse,
  FollowResponse,
  PageParams,
  PostsPage,
  ProfileEdit,
  UserResponse,
  UsersPage,
  UsersPageParams,
  UsersResponse,
} from '@murmur/mock-api-contract';
import { type AuthToken, MINIMAL, apiClient, authed, pageQuery, request, segment } from './http';

export const getUsers = (): Promise<UsersResponse> => request(() => apiClient.get<UsersResponse>('/users'));

export const getUsersPage = (params: UsersPageParams = {}): Promise<UsersPage> =>
  request(() => apiClient.get<UsersPage>('/users', pageQuery(params)));

export const getUser = (usernameOrId: string): Promise<UserResponse> =>
  request(() => apiClient.get<UserResponse>(`/users/${segment(usernameOrId)}`));

export const editProfile = (profile: ProfileEdit, token: AuthToken): Promise<UserResponse> =>
  request(() => apiClient.post<UserResponse>('/users/edit', { userData: profile }, authed(token)));

export const getBookmarks = (token: AuthToken): Promise<BookmarksResponse> =>
  request(() => apiClient.get<BookmarksResponse>('/users/bookmark', authed(token)));

/** A page of the session user's bookmarked posts themselves, in the order asked for. */
export const getBookmarksPage = (params: PageParams, token: AuthToken): Promise<PostsPage> =>
  request(() => apiClient.get<PostsPage>('/users/bookmark', authed(token, pageQuery(params))));

// Each write once, answering the bookmark ids (its full answer) or, with MINIMAL, the session user.
type BookmarkAction = 'bookmark' | 'remove-bookmark';
const bookmark = <T>(action: BookmarkAction, postId: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/users/${action}/${segment(postId)}`, undefined, authed(token, config)));

export const addBookmark = (postId: string, token: AuthToken): Promise<BookmarksResponse> =>
  bookmark('bookmark', postId, token);
export const removeBookmark = (postId: string, token: AuthToken): Promise<BookmarksResponse> =>
  bookmark('remove-bookmark', postId, token);
export const addBookmarkMinimal = (postId: string, token: AuthToken): Promise<UserResponse> =>
  bookmark('bookmark', postId, token, MINIMAL);
export const removeBookmarkMinimal = (postId: string, token: AuthToken): Promise<UserResponse> =>
  bookmark('remove-bookmark', postId, token, MINIMAL);

export const followUser = (userId: string, token: AuthToken): Promise<FollowResponse> =>
  request(() => apiClient.post<FollowResponse>(`/users/follow/${segment(userId)}`, undefined, authed(token)));

export const unfollowUser = (userId: string, token: AuthToken): Promise<FollowResponse> =>
  request(() => apiClient.post<FollowResponse>(`/users/unfollow/${segment(userId)}`, undefined, authed(token)));

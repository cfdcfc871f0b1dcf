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
} from '../types';
import { MINIMAL, apiClient, pageQuery, request, segment } from './http';

export const getUsers = (): Promise<UsersResponse> => request(() => apiClient.get<UsersResponse>('/users'));

export const getUsersPage = (params: UsersPageParams = {}): Promise<UsersPage> =>
  request(() => apiClient.get<UsersPage>('/users', pageQuery(params)));

export const getUser = (usernameOrId: string): Promise<UserResponse> =>
  request(() => apiClient.get<UserResponse>(`/users/${segment(usernameOrId)}`));

export const editProfile = (profile: ProfileEdit): Promise<UserResponse> =>
  request(() => apiClient.post<UserResponse>('/users/edit', { userData: profile }));

export const getBookmarks = (): Promise<BookmarksResponse> =>
  request(() => apiClient.get<BookmarksResponse>('/users/bookmark'));

/** A page of the session user's bookmarked posts themselves, in the order asked for. */
export const getBookmarksPage = (params: PageParams = {}): Promise<PostsPage> =>
  request(() => apiClient.get<PostsPage>('/users/bookmark', pageQuery(params)));

// Each write once, answering the bookmark ids (spec) or, with MINIMAL, the session user.
const bookmark = <T>(action: 'bookmark' | 'remove-bookmark', postId: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/users/${action}/${segment(postId)}`, undefined, config));

export const addBookmark = (postId: string): Promise<BookmarksResponse> => bookmark('bookmark', postId);
export const removeBookmark = (postId: string): Promise<BookmarksResponse> => bookmark('remove-bookmark', postId);
export const addBookmarkMinimal = (postId: string): Promise<UserResponse> => bookmark('bookmark', postId, MINIMAL);
export const removeBookmarkMinimal = (postId: string): Promise<UserResponse> =>
  bookmark('remove-bookmark', postId, MINIMAL);

export const followUser = (userId: string): Promise<FollowResponse> =>
  request(() => apiClient.post<FollowResponse>(`/users/follow/${segment(userId)}`));

export const unfollowUser = (userId: string): Promise<FollowResponse> =>
  request(() => apiClient.post<FollowResponse>(`/users/unfollow/${segment(userId)}`));

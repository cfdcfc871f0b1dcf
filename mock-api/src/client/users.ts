import type { BookmarksResponse, FollowResponse, ProfileEdit, UserResponse, UsersResponse } from '../types';
import { apiClient, request, segment } from './http';

export const getUsers = (): Promise<UsersResponse> => request(() => apiClient.get<UsersResponse>('/users'));

export const getUser = (usernameOrId: string): Promise<UserResponse> =>
  request(() => apiClient.get<UserResponse>(`/users/${segment(usernameOrId)}`));

export const editProfile = (profile: ProfileEdit): Promise<UserResponse> =>
  request(() => apiClient.post<UserResponse>('/users/edit', { userData: profile }));

export const getBookmarks = (): Promise<BookmarksResponse> =>
  request(() => apiClient.get<BookmarksResponse>('/users/bookmark'));

export const addBookmark = (postId: string): Promise<BookmarksResponse> =>
  request(() => apiClient.post<BookmarksResponse>(`/users/bookmark/${segment(postId)}`));

export const removeBookmark = (postId: string): Promise<BookmarksResponse> =>
  request(() => apiClient.post<BookmarksResponse>(`/users/remove-bookmark/${segment(postId)}`));

export const followUser = (userId: string): Promise<FollowResponse> =>
  request(() => apiClient.post<FollowResponse>(`/users/follow/${segment(userId)}`));

export const unfollowUser = (userId: string): Promise<FollowResponse> =>
  request(() => apiClient.post<FollowResponse>(`/users/unfollow/${segment(userId)}`));

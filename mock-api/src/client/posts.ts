import type { PostResponse, PostsResponse } from '../types';
import { apiClient, request, segment } from './http';

export const getPosts = (): Promise<PostsResponse> => request(() => apiClient.get<PostsResponse>('/posts'));

export const getPost = (id: string): Promise<PostResponse> =>
  request(() => apiClient.get<PostResponse>(`/posts/${segment(id)}`));

export const getUserPosts = (username: string): Promise<PostsResponse> =>
  request(() => apiClient.get<PostsResponse>(`/posts/user/${segment(username)}`));

export const createPost = (content: string): Promise<PostsResponse> =>
  request(() => apiClient.post<PostsResponse>('/posts', { postData: content }));

export const deletePost = (id: string): Promise<PostsResponse> =>
  request(() => apiClient.delete<PostsResponse>(`/posts/${segment(id)}`));

export const editPost = (id: string, content: string): Promise<PostsResponse> =>
  request(() => apiClient.post<PostsResponse>(`/posts/edit/${segment(id)}`, { postData: { content } }));

export const likePost = (id: string): Promise<PostsResponse> =>
  request(() => apiClient.post<PostsResponse>(`/posts/like/${segment(id)}`));

export const dislikePost = (id: string): Promise<PostsResponse> =>
  request(() => apiClient.post<PostsResponse>(`/posts/dislike/${segment(id)}`));

import type { PageParams, PostResponse, PostsPage, PostsResponse } from '../types';
import { MINIMAL, apiClient, pageQuery, request, segment } from './http';

export const getPosts = (): Promise<PostsResponse> => request(() => apiClient.get<PostsResponse>('/posts'));

export const getPostsPage = (params: PageParams = {}): Promise<PostsPage> =>
  request(() => apiClient.get<PostsPage>('/posts', pageQuery(params)));

export const getPost = (id: string): Promise<PostResponse> =>
  request(() => apiClient.get<PostResponse>(`/posts/${segment(id)}`));

export const getUserPosts = (username: string): Promise<PostsResponse> =>
  request(() => apiClient.get<PostsResponse>(`/posts/user/${segment(username)}`));

export const getUserPostsPage = (username: string, params: PageParams = {}): Promise<PostsPage> =>
  request(() => apiClient.get<PostsPage>(`/posts/user/${segment(username)}`, pageQuery(params)));

// Each write once, answering the spec's full list or, with MINIMAL, only the changed post.
const create = <T>(content: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>('/posts', { postData: content }, config));
const remove = <T>(id: string, config?: typeof MINIMAL) =>
  request(() => apiClient.delete<T>(`/posts/${segment(id)}`, config));
const edit = <T>(id: string, content: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/posts/edit/${segment(id)}`, { postData: { content } }, config));
const like = <T>(id: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/posts/like/${segment(id)}`, undefined, config));
const dislike = <T>(id: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/posts/dislike/${segment(id)}`, undefined, config));

export const createPost = (content: string): Promise<PostsResponse> => create(content);
export const deletePost = (id: string): Promise<PostsResponse> => remove(id);
export const editPost = (id: string, content: string): Promise<PostsResponse> => edit(id, content);
export const likePost = (id: string): Promise<PostsResponse> => like(id);
export const dislikePost = (id: string): Promise<PostsResponse> => dislike(id);

/** Answers the new post. */
export const createPostMinimal = (content: string): Promise<PostResponse> => create(content, MINIMAL);
/** Answers the deleted post as it was. */
export const deletePostMinimal = (id: string): Promise<PostResponse> => remove(id, MINIMAL);
export const editPostMinimal = (id: string, content: string): Promise<PostResponse> => edit(id, content, MINIMAL);
export const likePostMinimal = (id: string): Promise<PostResponse> => like(id, MINIMAL);
export const dislikePostMinimal = (id: string): Promise<PostResponse> => dislike(id, MINIMAL);

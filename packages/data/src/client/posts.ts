import type { NewerPosts, PageParams, PostResponse, PostsPage, PostsResponse } from '@murmur/mock-api-contract';
import { type AuthToken, MINIMAL, apiClient, authed, pageQuery, request, segment } from './http';

export const getPosts = (): Promise<PostsResponse> => request(() => apiClient.get<PostsResponse>('/posts'));

export const getPostsPage = (params: PageParams = {}): Promise<PostsPage> =>
  request(() => apiClient.get<PostsPage>('/posts', pageQuery(params)));

/**
 * How many posts are newer than the post `since` (the newest a client shows), and the newest post's id; without
 * `since`, only the newest post's id (docs/data-layer.md, "Newer posts").
 */
export const getNewerPosts = (since: string | null): Promise<NewerPosts> =>
  request(() => apiClient.get<NewerPosts>('/posts/newer', since === null ? {} : { params: { since } }));

export const getPost = (id: string): Promise<PostResponse> =>
  request(() => apiClient.get<PostResponse>(`/posts/${segment(id)}`));

export const getUserPosts = (username: string): Promise<PostsResponse> =>
  request(() => apiClient.get<PostsResponse>(`/posts/user/${segment(username)}`));

export const getUserPostsPage = (username: string, params: PageParams = {}): Promise<PostsPage> =>
  request(() => apiClient.get<PostsPage>(`/posts/user/${segment(username)}`, pageQuery(params)));

// Each write once, giving its full answer (the whole list) or, with MINIMAL, only the changed post.
const create = <T>(content: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>('/posts', { postData: content }, authed(token, config)));
const remove = <T>(id: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.delete<T>(`/posts/${segment(id)}`, authed(token, config)));
const edit = <T>(id: string, content: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/posts/edit/${segment(id)}`, { postData: { content } }, authed(token, config)));
const like = <T>(id: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/posts/like/${segment(id)}`, undefined, authed(token, config)));
const dislike = <T>(id: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/posts/dislike/${segment(id)}`, undefined, authed(token, config)));

export const createPost = (content: string, token: AuthToken): Promise<PostsResponse> => create(content, token);
export const deletePost = (id: string, token: AuthToken): Promise<PostsResponse> => remove(id, token);
export const editPost = (id: string, content: string, token: AuthToken): Promise<PostsResponse> =>
  edit(id, content, token);
export const likePost = (id: string, token: AuthToken): Promise<PostsResponse> => like(id, token);
export const dislikePost = (id: string, token: AuthToken): Promise<PostsResponse> => dislike(id, token);

/** Answers the new post. */
export const createPostMinimal = (content: string, token: AuthToken): Promise<PostResponse> =>
  create(content, token, MINIMAL);
/** Answers the deleted post as it was. */
export const deletePostMinimal = (id: string, token: AuthToken): Promise<PostResponse> => remove(id, token, MINIMAL);
export const editPostMinimal = (id: string, content: string, token: AuthToken): Promise<PostResponse> =>
  edit(id, content, token, MINIMAL);
export const likePostMinimal = (id: string, token: AuthToken): Promise<PostResponse> => like(id, token, MINIMAL);
export const dislikePostMinimal = (id: string, token: AuthToken): Promise<PostResponse> => dislike(id, token, MINIMAL);

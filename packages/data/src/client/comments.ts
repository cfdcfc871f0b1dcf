import type { CommentsResponse, PostResponse } from '@murmur/mock-api-contract';
import { type AuthToken, MINIMAL, apiClient, authed, request, segment } from './http';

const path = (action: string, postId: string, commentId: string): string =>
  `/comments/${action}/${segment(postId)}/${segment(commentId)}`;

export const getComments = (postId: string): Promise<CommentsResponse> =>
  request(() => apiClient.get<CommentsResponse>(`/comments/${segment(postId)}`));

// Each write once, answering the post's comments (its full answer) or, with MINIMAL, the changed post.
const add = <T>(postId: string, text: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/comments/add/${segment(postId)}`, { commentData: text }, authed(token, config)));
const edit = <T>(postId: string, commentId: string, text: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(path('edit', postId, commentId), { commentData: text }, authed(token, config)));
type Act = 'delete' | 'upvote' | 'downvote';
const act = <T>(action: Act, postId: string, commentId: string, token: AuthToken, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(path(action, postId, commentId), undefined, authed(token, config)));

export const addComment = (postId: string, text: string, token: AuthToken): Promise<CommentsResponse> =>
  add(postId, text, token);
export const editComment = (postId: string, commentId: string, text: string, token: AuthToken) =>
  edit<CommentsResponse>(postId, commentId, text, token);
export const deleteComment = (postId: string, commentId: string, token: AuthToken) =>
  act<CommentsResponse>('delete', postId, commentId, token);
export const upvoteComment = (postId: string, commentId: string, token: AuthToken) =>
  act<CommentsResponse>('upvote', postId, commentId, token);
export const downvoteComment = (postId: string, commentId: string, token: AuthToken) =>
  act<CommentsResponse>('downvote', postId, commentId, token);

export const addCommentMinimal = (postId: string, text: string, token: AuthToken): Promise<PostResponse> =>
  add(postId, text, token, MINIMAL);
export const editCommentMinimal = (postId: string, commentId: string, text: string, token: AuthToken) =>
  edit<PostResponse>(postId, commentId, text, token, MINIMAL);
export const deleteCommentMinimal = (postId: string, commentId: string, token: AuthToken) =>
  act<PostResponse>('delete', postId, commentId, token, MINIMAL);
export const upvoteCommentMinimal = (postId: string, commentId: string, token: AuthToken) =>
  act<PostResponse>('upvote', postId, commentId, token, MINIMAL);
export const downvoteCommentMinimal = (postId: string, commentId: string, token: AuthToken) =>
  act<PostResponse>('downvote', postId, commentId, token, MINIMAL);

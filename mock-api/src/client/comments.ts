import type { CommentsResponse, PostResponse } from '../types';
import { MINIMAL, apiClient, request, segment } from './http';

const path = (action: string, postId: string, commentId: string): string =>
  `/comments/${action}/${segment(postId)}/${segment(commentId)}`;

export const getComments = (postId: string): Promise<CommentsResponse> =>
  request(() => apiClient.get<CommentsResponse>(`/comments/${segment(postId)}`));

// Each write once, answering the post's comments (spec) or, with MINIMAL, the changed post.
const add = <T>(postId: string, text: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(`/comments/add/${segment(postId)}`, { commentData: text }, config));
const edit = <T>(postId: string, commentId: string, text: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(path('edit', postId, commentId), { commentData: text }, config));
const act = <T>(action: 'delete' | 'upvote' | 'downvote', postId: string, commentId: string, config?: typeof MINIMAL) =>
  request(() => apiClient.post<T>(path(action, postId, commentId), undefined, config));

export const addComment = (postId: string, text: string): Promise<CommentsResponse> => add(postId, text);
export const editComment = (postId: string, commentId: string, text: string): Promise<CommentsResponse> =>
  edit(postId, commentId, text);
export const deleteComment = (postId: string, commentId: string): Promise<CommentsResponse> =>
  act('delete', postId, commentId);
export const upvoteComment = (postId: string, commentId: string): Promise<CommentsResponse> =>
  act('upvote', postId, commentId);
export const downvoteComment = (postId: string, commentId: string): Promise<CommentsResponse> =>
  act('downvote', postId, commentId);

export const addCommentMinimal = (postId: string, text: string): Promise<PostResponse> => add(postId, text, MINIMAL);
export const editCommentMinimal = (postId: string, commentId: string, text: string): Promise<PostResponse> =>
  edit(postId, commentId, text, MINIMAL);
export const deleteCommentMinimal = (postId: string, commentId: string): Promise<PostResponse> =>
  act('delete', postId, commentId, MINIMAL);
export const upvoteCommentMinimal = (postId: string, commentId: string): Promise<PostResponse> =>
  act('upvote', postId, commentId, MINIMAL);
export const downvoteCommentMinimal = (postId: string, commentId: string): Promise<PostResponse> =>
  act('downvote', postId, commentId, MINIMAL);

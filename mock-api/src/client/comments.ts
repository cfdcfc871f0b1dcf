import type { CommentsResponse } from '../types';
import { apiClient, request, segment } from './http';

const path = (action: string, postId: string, commentId: string): string =>
  `/comments/${action}/${segment(postId)}/${segment(commentId)}`;

export const getComments = (postId: string): Promise<CommentsResponse> =>
  request(() => apiClient.get<CommentsResponse>(`/comments/${segment(postId)}`));

export const addComment = (postId: string, text: string): Promise<CommentsResponse> =>
  request(() => apiClient.post<CommentsResponse>(`/comments/add/${segment(postId)}`, { commentData: text }));

export const editComment = (postId: string, commentId: string, text: string): Promise<CommentsResponse> =>
  request(() => apiClient.post<CommentsResponse>(path('edit', postId, commentId), { commentData: text }));

export const deleteComment = (postId: string, commentId: string): Promise<CommentsResponse> =>
  request(() => apiClient.post<CommentsResponse>(path('delete', postId, commentId)));

export const upvoteComment = (postId: string, commentId: string): Promise<CommentsResponse> =>
  request(() => apiClient.post<CommentsResponse>(path('upvote', postId, commentId)));

export const downvoteComment = (postId: string, commentId: string): Promise<CommentsResponse> =>
  request(() => apiClient.post<CommentsResponse>(path('downvote', postId, commentId)));

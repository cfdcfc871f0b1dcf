export { apiClient, ApiError } from './http';
export { login, signup } from './auth';
export { getPosts, getPost, getUserPosts, createPost, deletePost, editPost, likePost, dislikePost } from './posts';
export { getComments, addComment, editComment, deleteComment, upvoteComment, downvoteComment } from './comments';
export {
  getUsers,
  getUser,
  editProfile,
  getBookmarks,
  addBookmark,
  removeBookmark,
  followUser,
  unfollowUser,
} from './users';

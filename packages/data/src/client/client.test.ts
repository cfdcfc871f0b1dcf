import { describe, expect, it } from 'vitest';
import { defined, DEMO_ACCOUNT, withMockServer } from '../test-support';
import { login, signup } from './auth';
import { addComment, deleteComment, downvoteComment, editComment, getComments, upvoteComment } from './comments';
import { ApiError, apiClient, authed } from './http';
import { createPost, deletePost, dislikePost, editPost, getPost, getPosts, getUserPosts, likePost } from './posts';
import {
  addBookmark,
  editProfile,
  followUser,
  getBookmarks,
  getUser,
  getUsers,
  removeBookmark,
  unfollowUser,
} from './users';

withMockServer();

/** The demo user's token, which each authenticated call is handed (the client keeps none of its own). */
async function signIn(): Promise<string> {
  const { encodedToken } = await login({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  return encodedToken;
}

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the typed client', () => {
  it('uses one axios instance under /api that sends the token it is handed in authorization', async () => {
    expect(apiClient.defaults.baseURL).toBe('/api');
    const response = await apiClient.get('/users/bookmark', authed(await signIn()));
    expect(response.config.headers.get('authorization')).toMatch(/^ey/);
    const anonymous = await apiClient.get('/posts');
    expect(anonymous.config.headers.get('authorization')).toBeUndefined();
  });

  it('turns a refusal into an ApiError with the status and the first message', async () => {
    const error = await refusal(login({ username: DEMO_ACCOUNT.email, password: 'wrong' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('The credentials you entered are invalid. Unauthorized access error.');
    const noToken = await refusal(createPost('x', null));
    expect([noToken.status, noToken.message]).toEqual([401, 'The token is invalid. Unauthorized access error.']);
  });

  it('auth calls answer their bodies', async () => {
    const created = await signup({ firstName: 'Ola', lastName: 'Berg', username: 'olaberg', password: 'pw' });
    expect(created.createdUser.username).toBe('olaberg');
    expect(typeof created.encodedToken).toBe('string');
    const existing = await refusal(signup({ firstName: 'O', lastName: 'B', username: 'olaberg', password: 'pw' }));
    expect([existing.status, existing.message]).toEqual([422, 'Unprocessable Entity. Username Already Exists.']);
    const loggedIn = await login({ username: 'olaberg', password: 'pw' });
    expect(loggedIn.foundUser._id).toBe(created.createdUser._id);
  });

  it('post calls answer their bodies', async () => {
    expect((await getPosts()).posts).toHaveLength(4);
    expect((await getPost('post-seed-02')).post.likes.likeCount).toBe(10);
    expect((await getUserPosts('jonahwhit')).posts.map((p) => p._id)).toEqual(['post-seed-03']);
    expect((await refusal(getPost('nope'))).status).toBe(404);
    const token = await signIn();
    const { posts } = await createPost('Typed hello', token);
    const mine = defined(posts.find((p) => p.content === 'Typed hello'));
    expect((await editPost(mine._id, 'Typed edit', token)).posts.find((p) => p._id === mine._id)?.content).toBe(
      'Typed edit',
    );
    expect((await likePost(mine._id, token)).posts.find((p) => p._id === mine._id)?.likes.likeCount).toBe(1);
    expect((await dislikePost(mine._id, token)).posts.find((p) => p._id === mine._id)?.likes.likeCount).toBe(0);
    expect((await deletePost(mine._id, token)).posts).toHaveLength(4);
  });

  it('comment calls answer {comments}', async () => {
    expect((await getComments('post-seed-01')).comments).toHaveLength(2);
    const token = await signIn();
    const added = (await addComment('post-seed-01', 'Typed comment', token)).comments;
    const mine = defined(added[2]);
    expect(mine.text).toBe('Typed comment');
    expect((await editComment('post-seed-01', mine._id, 'Edited', token)).comments[2]?.text).toBe('Edited');
    expect((await upvoteComment('post-seed-01', mine._id, token)).comments[2]?.votes.upvotedBy).toHaveLength(1);
    expect((await downvoteComment('post-seed-01', mine._id, token)).comments[2]?.votes.downvotedBy).toHaveLength(1);
    expect((await deleteComment('post-seed-01', mine._id, token)).comments).toHaveLength(2);
  });

  it('user calls answer their bodies', async () => {
    expect((await getUsers()).users).toHaveLength(7);
    expect((await getUser('aikotanabe')).user.firstName).toBe('Aiko');
    expect((await getUser('user-seed-05-aiko')).user.username).toBe('aikotanabe');
    const token = await signIn();
    expect((await editProfile({ bio: 'Typed bio' }, token)).user.bio).toBe('Typed bio');
    expect(await getBookmarks(token)).toEqual({ bookmarks: [] });
    expect(await addBookmark('post-seed-01', token)).toEqual({ bookmarks: ['post-seed-01'] });
    expect(await removeBookmark('post-seed-01', token)).toEqual({ bookmarks: [] });
    const followed = await followUser('user-seed-07-samuel', token);
    expect(followed.followUser.followers.map((r) => r.username)).toContain(DEMO_ACCOUNT.username);
    const unfollowed = await unfollowUser('user-seed-07-samuel', token);
    expect(unfollowed.user.following.map((r) => r.username)).not.toContain('samadeyemi');
  });
});

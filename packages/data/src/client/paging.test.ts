import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, withMockServer } from '../test-support';
import { login } from './auth';
import { addCommentMinimal } from './comments';
import { createPostMinimal, deletePostMinimal, getPostsPage, getUserPostsPage, likePostMinimal } from './posts';
import { addBookmarkMinimal, getBookmarksPage, getUsersPage, removeBookmarkMinimal } from './users';

withMockServer();

describe('the typed client: paged reads and minimal writes', () => {
  it('walks the posts page by page with the cursor it was given', async () => {
    const first = await getPostsPage({ limit: 3, sort: 'trending' });
    const second = await getPostsPage({ limit: 3, cursor: first.nextCursor });
    expect([...first.posts, ...second.posts].map((post) => post._id)).toEqual([
      'post-seed-02',
      'post-seed-03',
      'post-seed-01',
      'post-seed-04',
    ]);
    expect(second.nextCursor).toBeNull();
    // No parameter at all still asks for a page (of the default size), not the unpaged full list.
    expect((await getPostsPage()).nextCursor).toBeNull();
    expect((await getUserPostsPage('priyaraman')).posts.map((post) => post._id)).toEqual(['post-seed-02']);
    const users = await getUsersPage({ limit: 5 });
    expect([users.users.length, typeof users.nextCursor]).toEqual([5, 'string']);
    expect((await getUsersPage({ cursor: users.nextCursor })).users).toHaveLength(2);
  });

  it('minimal writes answer the changed post or user', async () => {
    const { encodedToken: token } = await login({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    const { post } = await createPostMinimal('minimal hello', token);
    expect(post.content).toBe('minimal hello');
    expect((await likePostMinimal(post._id, token)).post.likes.likeCount).toBe(1);
    expect((await addCommentMinimal(post._id, 'hi', token)).post.comments).toHaveLength(1);
    expect((await addBookmarkMinimal(post._id, token)).user.bookmarks).toEqual([post._id]);
    expect((await getBookmarksPage({ limit: 5 }, token)).posts.map((p) => p.content)).toEqual(['minimal hello']);
    expect((await removeBookmarkMinimal(post._id, token)).user.bookmarks).toEqual([]);
    expect((await deletePostMinimal(post._id, token)).post._id).toBe(post._id);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { api, as, defined, expectRefusal, SEED, tokenFor, withMockServer } from '../test-support';

withMockServer();

// post-seed-01 is by tomaslind; comment a is by miraokafor, comment b by jonahwhit.
const POST = 'post-seed-01';
const MIRAS = 'comment-seed-01-a';
const JONAHS = 'comment-seed-01-b';

let mira: string;
let tomas: string;
let jonah: string;
beforeEach(async () => {
  [mira, tomas, jonah] = await Promise.all([tokenFor(SEED.mira), tokenFor(SEED.tomas), tokenFor(SEED.jonah)]);
});

const commentOf = (comments: Comment[], id: string): Comment | undefined => comments.find((c) => c._id === id);

describe('GET /api/comments/:postId', () => {
  it('answers {comments} with username, text, votes and timestamps', async () => {
    const response = await api.get(`/comments/${POST}`);
    expect(response.status).toBe(200);
    expect(response.data.comments).toHaveLength(2);
    expect(commentOf(response.data.comments, MIRAS)).toMatchObject({
      username: SEED.mira,
      text: 'Name her something grand!',
      votes: { upvotedBy: [], downvotedBy: [] },
    });
    expectRefusal(await api.get('/comments/nope'), 404, 'Post not found');
  });
});

describe('POST /api/comments/add/:postId', () => {
  it('adds from {commentData: "text"} and {commentData: {text}} with 201', async () => {
    const response = await api.post(`/comments/add/${POST}`, { commentData: 'Lovely' }, as(mira));
    expect(response.status).toBe(201);
    expect(response.data.comments).toHaveLength(3);
    expect(response.data.comments[2]).toMatchObject({ username: SEED.mira, text: 'Lovely' });
    const objectForm = await api.post(`/comments/add/${POST}`, { commentData: { text: 'Object' } }, as(tomas));
    expect(objectForm.data.comments[3]).toMatchObject({ username: SEED.tomas, text: 'Object' });
  });

  it('refuses empty or too long text, unknown posts and missing tokens', async () => {
    expectRefusal(await api.post(`/comments/add/${POST}`, { commentData: '  ' }, as(mira)), 400, ERRORS.COMMENT_EMPTY);
    expectRefusal(await api.post(`/comments/add/${POST}`, {}, as(mira)), 400, ERRORS.COMMENT_EMPTY);
    expectRefusal(
      await api.post(`/comments/add/${POST}`, { commentData: 'y'.repeat(2001) }, as(mira)),
      400,
      ERRORS.COMMENT_TOO_LONG,
    );
    expectRefusal(await api.post('/comments/add/nope', { commentData: 'x' }, as(mira)), 404, 'Post not found');
    expectRefusal(await api.post(`/comments/add/${POST}`, { commentData: 'x' }), 401, ERRORS.TOKEN_INVALID);
    expect((await api.get(`/comments/${POST}`)).data.comments).toHaveLength(2);
  });
});

describe('POST /api/comments/edit/:postId/:commentId', () => {
  it('lets the comment author edit, bumping updatedAt', async () => {
    const response = await api.post(`/comments/edit/${POST}/${MIRAS}`, { commentData: 'Call her Tide' }, as(mira));
    expect(response.status).toBe(201);
    const edited = defined(commentOf(response.data.comments, MIRAS));
    expect(edited.text).toBe('Call her Tide');
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(edited.createdAt));
  });

  it('refuses others (even the post author), unknown ids and invalid text', async () => {
    expectRefusal(
      await api.post(`/comments/edit/${POST}/${MIRAS}`, { commentData: 'x' }, as(tomas)),
      400,
      "Cannot edit a comment doesn't belong to the User.",
    );
    expectRefusal(
      await api.post(`/comments/edit/${POST}/nope`, { commentData: 'x' }, as(mira)),
      404,
      'Comment not found',
    );
    expectRefusal(
      await api.post(`/comments/edit/nope/${MIRAS}`, { commentData: 'x' }, as(mira)),
      404,
      'Post not found',
    );
    expectRefusal(
      await api.post(`/comments/edit/${POST}/${MIRAS}`, { commentData: '' }, as(mira)),
      400,
      ERRORS.COMMENT_EMPTY,
    );
    expectRefusal(await api.post(`/comments/edit/${POST}/${MIRAS}`, { commentData: 'x' }), 401, ERRORS.TOKEN_INVALID);
  });
});

describe('comment delete', () => {
  it('lets the comment author delete with POST', async () => {
    const response = await api.post(`/comments/delete/${POST}/${MIRAS}`, null, as(mira));
    expect(response.status).toBe(201);
    expect(response.data.comments.map((c: Comment) => c._id)).toEqual([JONAHS]);
  });

  it("lets the post author delete someone else's comment, with DELETE too", async () => {
    const response = await api.delete(`/comments/delete/${POST}/${JONAHS}`, as(tomas));
    expect(response.status).toBe(201);
    expect(response.data.comments.map((c: Comment) => c._id)).toEqual([MIRAS]);
  });

  it('refuses anyone else, unknown ids and missing tokens', async () => {
    expectRefusal(
      await api.post(`/comments/delete/${POST}/${MIRAS}`, null, as(jonah)),
      400,
      "Cannot delete a comment doesn't belong to the User.",
    );
    expectRefusal(await api.post(`/comments/delete/${POST}/nope`, null, as(mira)), 404, 'Comment not found');
    expectRefusal(await api.post(`/comments/delete/nope/${MIRAS}`, null, as(mira)), 404, 'Post not found');
    expectRefusal(await api.post(`/comments/delete/${POST}/${MIRAS}`), 401, ERRORS.TOKEN_INVALID);
  });
});

describe('comment votes', () => {
  it('upvote and downvote work and are mutually exclusive', async () => {
    const up = await api.post(`/comments/upvote/${POST}/${JONAHS}`, null, as(mira));
    expect(up.status).toBe(201);
    expect(commentOf(up.data.comments, JONAHS)?.votes).toEqual({
      upvotedBy: [{ _id: 'user-seed-01-mira', username: SEED.mira }],
      downvotedBy: [],
    });
    const down = await api.post(`/comments/downvote/${POST}/${JONAHS}`, null, as(mira));
    expect(down.status).toBe(201);
    expect(commentOf(down.data.comments, JONAHS)?.votes).toEqual({
      upvotedBy: [],
      downvotedBy: [{ _id: 'user-seed-01-mira', username: SEED.mira }],
    });
  });

  it('refuses a repeated vote with the catalogue text', async () => {
    await api.post(`/comments/upvote/${POST}/${JONAHS}`, null, as(mira));
    expectRefusal(
      await api.post(`/comments/upvote/${POST}/${JONAHS}`, null, as(mira)),
      400,
      'Cannot upvote a post that is already upvoted. ',
    );
    await api.post(`/comments/downvote/${POST}/${JONAHS}`, null, as(mira));
    expectRefusal(
      await api.post(`/comments/downvote/${POST}/${JONAHS}`, null, as(mira)),
      400,
      'Cannot downvote a post that is already downvoted. ',
    );
  });

  it('refuses unknown ids and missing tokens', async () => {
    for (const vote of ['upvote', 'downvote']) {
      expectRefusal(await api.post(`/comments/${vote}/${POST}/nope`, null, as(mira)), 404, 'Comment not found');
      expectRefusal(await api.post(`/comments/${vote}/nope/${JONAHS}`, null, as(mira)), 404, 'Post not found');
      expectRefusal(await api.post(`/comments/${vote}/${POST}/${JONAHS}`), 401, ERRORS.TOKEN_INVALID);
    }
  });
});

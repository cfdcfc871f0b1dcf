import type { Comment, Post } from '@murmur/mock-api-contract';
import { type Db, hasRef, refOf, withoutRef } from '../db';
import { ERRORS } from '@murmur/mock-api-contract';
import { type Reply, minimalReply, refuse } from '../http';
import { nowTimestamp } from '../time';
import { readCommentText } from '../validation';
import type { Route } from './route';
import { findPost } from './posts';

function findComment(post: Post, commentId: string | undefined): Comment {
  const comment = post.comments.find((c) => c._id === commentId);
  return comment ?? refuse(404, ERRORS.COMMENT_NOT_FOUND);
}

/**
 * Comment writes answer the post's comments after the change, with 201 (mock-api/rules.md, "The calls"). With
 * `Prefer: return=minimal` they answer the changed post instead, whose Trending score may have moved with its comment
 * count.
 */
function commentsReply(post: Post, status = 201): Reply {
  return { status, body: { comments: post.comments } };
}

function commentWriteReply(db: Db, post: Post, minimal: boolean): Reply {
  db.posts.rescore(post);
  return minimal ? minimalReply(201, { post }) : commentsReply(post);
}

type Vote = 'upvote' | 'downvote';

function voteRoute(vote: Vote): Route {
  return {
    method: 'post',
    path: `/comments/${vote}/:postId/:commentId`,
    handler: ({ db, params, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const comment = findComment(post, params.commentId);
      const { votes } = comment;
      if (vote === 'upvote') {
        if (hasRef(votes.upvotedBy, user._id)) return refuse(400, ERRORS.ALREADY_UPVOTED);
        votes.downvotedBy = withoutRef(votes.downvotedBy, user._id);
        votes.upvotedBy = [...votes.upvotedBy, refOf(user)];
      } else {
        if (hasRef(votes.downvotedBy, user._id)) return refuse(400, ERRORS.ALREADY_DOWNVOTED);
        votes.upvotedBy = withoutRef(votes.upvotedBy, user._id);
        votes.downvotedBy = [...votes.downvotedBy, refOf(user)];
      }
      return commentWriteReply(db, post, minimal);
    },
  };
}

const deleteComment: Route['handler'] = ({ db, params, currentUser, minimal }) => {
  const user = currentUser();
  const post = findPost(db, params.postId);
  const comment = findComment(post, params.commentId);
  // The comment's author or the post's author may remove it (mock-api/rules.md, "Ownership").
  if (comment.username !== user.username && post.username !== user.username) {
    return refuse(400, ERRORS.DELETE_COMMENT_NOT_OWNER);
  }
  post.comments = post.comments.filter((c) => c._id !== comment._id);
  return commentWriteReply(db, post, minimal);
};

export const commentRoutes: Route[] = [
  {
    method: 'get',
    path: '/comments/:postId',
    handler: ({ db, params }) => commentsReply(findPost(db, params.postId), 200),
  },
  {
    method: 'post',
    path: '/comments/add/:postId',
    handler: ({ db, params, body, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const text = readCommentText(body());
      const now = nowTimestamp();
      post.comments = [
        ...post.comments,
        {
          _id: db.newId('comment'),
          username: user.username,
          text,
          votes: { upvotedBy: [], downvotedBy: [] },
          createdAt: now,
          updatedAt: now,
        },
      ];
      return commentWriteReply(db, post, minimal);
    },
  },
  {
    method: 'post',
    path: '/comments/edit/:postId/:commentId',
    handler: ({ db, params, body, currentUser, minimal }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const comment = findComment(post, params.commentId);
      if (comment.username !== user.username) return refuse(400, ERRORS.EDIT_COMMENT_NOT_OWNER);
      comment.text = readCommentText(body());
      comment.updatedAt = nowTimestamp();
      return commentWriteReply(db, post, minimal);
    },
  },
  // The original client uses POST; DELETE on the same path is accepted too (mock-api/rules.md, "The calls").
  { method: 'post', path: '/comments/delete/:postId/:commentId', handler: deleteComment },
  { method: 'delete', path: '/comments/delete/:postId/:commentId', handler: deleteComment },
  voteRoute('upvote'),
  voteRoute('downvote'),
];

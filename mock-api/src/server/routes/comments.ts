import type { Comment, Post } from '../../types';
import { clone, hasRef, refOf, withoutRef } from '../db';
import { ERRORS } from '../errors';
import { type Reply, refuse } from '../http';
import { nowTimestamp } from '../time';
import { readCommentText } from '../validation';
import type { Route } from './route';
import { findPost } from './posts';

function findComment(post: Post, commentId: string | undefined): Comment {
  const comment = post.comments.find((c) => c._id === commentId);
  return comment ?? refuse(404, ERRORS.COMMENT_NOT_FOUND);
}

/** Comment writes answer the post's comments after the change, with 201 (spec 2.2). */
const commentsReply = (post: Post, status = 201): Reply => ({ status, body: { comments: clone(post.comments) } });

type Vote = 'upvote' | 'downvote';

function voteRoute(vote: Vote): Route {
  return {
    method: 'post',
    path: `/comments/${vote}/:postId/:commentId`,
    handler: ({ db, params, currentUser }) => {
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
      return commentsReply(post);
    },
  };
}

const deleteComment: Route['handler'] = ({ db, params, currentUser }) => {
  const user = currentUser();
  const post = findPost(db, params.postId);
  const comment = findComment(post, params.commentId);
  // The comment's author or the post's author may remove it (spec 6).
  if (comment.username !== user.username && post.username !== user.username) {
    return refuse(400, ERRORS.DELETE_COMMENT_NOT_OWNER);
  }
  post.comments = post.comments.filter((c) => c._id !== comment._id);
  return commentsReply(post);
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
    handler: ({ db, params, body, currentUser }) => {
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
      return commentsReply(post);
    },
  },
  {
    method: 'post',
    path: '/comments/edit/:postId/:commentId',
    handler: ({ db, params, body, currentUser }) => {
      const user = currentUser();
      const post = findPost(db, params.postId);
      const comment = findComment(post, params.commentId);
      if (comment.username !== user.username) return refuse(400, ERRORS.EDIT_COMMENT_NOT_OWNER);
      comment.text = readCommentText(body());
      comment.updatedAt = nowTimestamp();
      return commentsReply(post);
    },
  },
  // Part 1 uses POST; DELETE on the same path is accepted too (spec 2.2).
  { method: 'post', path: '/comments/delete/:postId/:commentId', handler: deleteComment },
  { method: 'delete', path: '/comments/delete/:postId/:commentId', handler: deleteComment },
  voteRoute('upvote'),
  voteRoute('downvote'),
];

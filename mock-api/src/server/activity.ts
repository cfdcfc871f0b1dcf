/**
 * Other people's activity over time (mock-api/rules.md, "Live activity"): while it runs, someone other than the demo
 * user posts every few seconds, and now and then likes or comments on one of the newest posts. Everything goes
 * through the post table like a request's write (the same records, indexes and Trending scores), so Latest, Trending,
 * profiles, counts and paging stay right. Texts and names come from the scaled data's generator, from a seeded
 * random source: the same address gives the same sequence of activity.
 */
import type { Comment } from '@murmur/mock-api-contract';
import { type Db, hasRef, refOf } from './db';
import { type Draws, createRandom, drawCommentText, drawPostText, drawsFrom } from './generate';
import { newPostRecord } from './records';
import { DEMO_ACCOUNT } from './seed';
import { nowTimestamp } from './time';
import type { UserRecord } from './user-table';

export interface LiveOptions {
  /** Seconds between two posts by others; at least MIN_SECONDS_BETWEEN_POSTS. */
  secondsBetweenPosts: number;
  seed?: number;
}

/** The fastest activity the back end makes: ten posts a second is already more than any feed shows. */
const MIN_SECONDS_BETWEEN_POSTS = 0.1;
/** A like comes with every second post, a comment with every fourth: people react less often than they post. */
const LIKE_EVERY = 2;
const COMMENT_EVERY = 4;
/** Reactions go to the newest posts, the ones readers of Latest see first. */
const REACTION_WINDOW = 30;

/** One step of activity at a time: a post, and on some steps a like and a comment. */
export function createActivity(db: Db, seed = 39) {
  const draws = drawsFrom(createRandom(seed));
  // Anyone but the demo user acts: the person reading keeps seeing only their own writes as theirs.
  const actors = [...db.users.values()].filter((user) => user.username !== DEMO_ACCOUNT.username);
  let steps = 0;
  return {
    step(): void {
      if (actors.length === 0) return;
      steps += 1;
      post(db, draws, draws.pick(actors));
      if (steps % LIKE_EVERY === 0) like(db, draws, draws.pick(actors));
      if (steps % COMMENT_EVERY === 0) comment(db, draws, draws.pick(actors));
    },
  };
}

/** Runs the activity on a timer; answers the function that stops it. */
export function startActivity(db: Db, options: LiveOptions): () => void {
  const activity = createActivity(db, options.seed);
  const every = Math.max(options.secondsBetweenPosts, MIN_SECONDS_BETWEEN_POSTS) * 1000;
  const timer = setInterval(() => activity.step(), every);
  return () => clearInterval(timer);
}

function post(db: Db, draws: Draws, author: UserRecord): void {
  db.posts.add(
    newPostRecord({
      _id: db.newId('post'),
      username: author.username,
      content: drawPostText(draws),
      createdAt: nowTimestamp(),
    }),
  );
}

function newestPost(db: Db, draws: Draws) {
  return draws.pick(db.posts.page('latest', REACTION_WINDOW, null).posts);
}

function like(db: Db, draws: Draws, liker: UserRecord): void {
  const target = newestPost(db, draws);
  const { likes } = target;
  if (hasRef(likes.likedBy, liker._id) || hasRef(likes.dislikedBy, liker._id)) return;
  likes.likedBy = [...likes.likedBy, refOf(liker)];
  likes.likeCount += 1;
  db.posts.rescore(target);
}

function comment(db: Db, draws: Draws, writer: UserRecord): void {
  const target = newestPost(db, draws);
  const now = nowTimestamp();
  const added: Comment = {
    _id: db.newId('comment'),
    username: writer.username,
    text: drawCommentText(draws),
    votes: { upvotedBy: [], downvotedBy: [] },
    createdAt: now,
    updatedAt: now,
  };
  target.comments = [...target.comments, added];
  db.posts.rescore(target);
}

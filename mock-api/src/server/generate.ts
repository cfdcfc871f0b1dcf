/**
 * A larger data set for load and performance checks, generated from a seeded PRNG so that the same options give
 * the same data on every load. The seed data stays in place; generated records fill up to the requested totals.
 */
import type { Comment, UserRef } from '@murmur/mock-api-contract';
import { type Db, type UserRecord, refOf } from './db';
import { avatarUri, bannerUri, colorFor, initialsOf } from './images';
import { formatTimestamp } from './time';
import { newPostRecord } from './records';
import type { DeferredPost } from './stored-post';

export interface ScaleOptions {
  users: number;
  posts: number;
  seed?: number;
}

/** mulberry32: small, fast and good enough for test data. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ada',
  'Bram',
  'Cleo',
  'Dario',
  'Esme',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jules',
  'Kofi',
  'Lena',
  'Milo',
  'Nadia',
  'Otto',
  'Pia',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wren',
  'Yara',
  'Zane',
];
const LAST = [
  'Abara',
  'Brandt',
  'Castell',
  'Dumont',
  'Eriksen',
  'Fontaine',
  'Gallo',
  'Haddad',
  'Ivers',
  'Janssen',
  'Kowal',
  'Laine',
  'Moreau',
  'Nakata',
  'Osei',
  'Petrov',
  'Quiroga',
  'Rask',
  'Sato',
  'Tamm',
  'Ueda',
  'Varga',
];
const WORDS = [
  'coffee',
  'rain',
  'garden',
  'train',
  'bread',
  'music',
  'river',
  'paint',
  'market',
  'bicycle',
  'moon',
  'letter',
  'harbor',
  'kitchen',
  'library',
  'window',
  'mountain',
  'lantern',
  'street',
  'evening',
  'morning',
  'cat',
];
const PHRASES = [
  'Thinking about',
  'Just saw a',
  'Nothing beats a',
  'Today I learned about the',
  'Who else loves a',
  'Quiet afternoon with a',
  'Finally fixed my',
  'Small joys: a',
];

const MINUTE = 60_000;
/** Posts are from 1 hour to 180 days old; comments are younger than their post. */
const POST_AGE_RANGE = 180 * 24 * 60;
const MAX_AGE_MINUTES = 60 + POST_AGE_RANGE;

/** One flat string: `${a}${b}` would keep both parts and a link between them alive with every record. */
const flat = (...parts: string[]): string => parts.join('');

function at<T>(list: readonly T[], position: number): T {
  const item = list[position];
  if (item === undefined) throw new Error(`no item ${position} in a list of ${list.length}`);
  return item;
}

/** Draws from one random source: a fraction, a position in a list, an item of a list. */
export function drawsFrom(random: () => number) {
  const index = (list: readonly unknown[]): number => Math.floor(random() * list.length);
  return { random, index, pick: <T>(list: readonly T[]): T => at(list, index(list)) };
}

export type Draws = ReturnType<typeof drawsFrom>;

/** A post's text as the generator writes them, drawn afresh (the live activity's posts: activity.ts). */
export const drawPostText = ({ pick }: Draws): string => `${pick(PHRASES)} ${pick(WORDS)} and a ${pick(WORDS)}.`;

/** A comment's text as the generator writes them. */
export const drawCommentText = ({ pick }: Draws): string => `${pick(PHRASES)} ${pick(WORDS)}!`;

export function generateScaledData(db: Db, options: ScaleOptions, now: number): void {
  const { random, pick } = drawsFrom(createRandom(options.seed ?? 2026));
  const pad = (n: number): string => n.toString().padStart(6, '0');
  // Texts and pictures repeat (a few thousand combinations in all): one string per combination instead of one per
  // record keeps ~26 MiB less on the heap at 100,000 posts. Texts are keyed by the picks' indexes, so a repeated one
  // is not even built.
  const strings = new Map<string | number, string>();
  const remember = (key: string | number, make: () => string): string => {
    let value = strings.get(key);
    if (value === undefined) {
      value = make();
      strings.set(key, value);
    }
    return value;
  };
  const avatar = (initials: string, color: string) =>
    remember(`avatar ${initials} ${color}`, () => avatarUri(initials, color));
  const banner = (from: string, to: string) => remember(`banner ${from} ${to}`, () => bannerUri(from, to));
  // Every post and comment time is a whole number of minutes ago: one string per minute, not one per record.
  // A packed array filled up front: grown by index up to 259,260 minutes it would be sparse (a slow dictionary).
  const times = Array.from({ length: MAX_AGE_MINUTES + 1 }, () => '');
  const minutesAgo = (minutes: number): string =>
    times[minutes] || (times[minutes] = formatTimestamp(now - minutes * MINUTE));
  const words = WORDS.length;
  const commentText = (phrase: number, word: number) =>
    remember(-1 - (phrase * words + word), () => `${at(PHRASES, phrase)} ${at(WORDS, word)}!`);
  const postText = (phrase: number, first: number, second: number) =>
    remember(
      (phrase * words + first) * words + second,
      () => `${at(PHRASES, phrase)} ${at(WORDS, first)} and a ${at(WORDS, second)}.`,
    );

  const existing = [...db.users.values()];
  const userCount = Math.max(0, options.users - existing.length);
  const generated: UserRecord[] = [];
  for (let i = 1; i <= userCount; i++) {
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const username = `${firstName}${lastName}${i}`.toLowerCase();
    const joined = formatTimestamp(now - Math.floor(random() * 365 * 24 * 60) * MINUTE - 30 * 24 * 60 * MINUTE);
    const record: UserRecord = {
      _id: `user-gen-${pad(i)}`,
      username,
      email: `${username}@example.com`,
      password: `password-${i}`,
      firstName,
      lastName,
      profilePic: avatar(initialsOf(firstName, lastName, username), colorFor(username)),
      profileBanner: banner(colorFor(firstName), colorFor(lastName)),
      bio: `Into ${pick(WORDS)} and ${pick(WORDS)}.`,
      link: `https://example.com/${username}`,
      followers: [],
      following: [],
      bookmarks: [],
      createdAt: joined,
      updatedAt: joined,
    };
    generated.push(record);
    db.users.set(record._id, record);
  }

  const everyone = [...existing, ...generated];
  // A few follows per generated user keeps follower lists realistic without quadratic data.
  for (const user of generated) {
    const follows = Math.floor(random() * 4);
    for (let f = 0; f < follows; f++) {
      const target = pick(everyone);
      if (target._id !== user._id) db.users.follow(user, target);
    }
  }

  // Only what the indexes read is drawn here (author, age, like and comment counts); each post's likers, comments
  // and text come from a seed of its own when the post is first read (stored-post.ts). Starting at 100,000 posts
  // then makes three small objects per post (its index entry, the function that builds it, its id), not fifteen.
  const postCount = Math.max(0, options.posts - db.posts.size);
  const posts: DeferredPost[] = [];
  for (let i = 1; i <= postCount; i++) {
    const id = flat('post-gen-', pad(i));
    const author = pick(everyone).username;
    const age = 60 + Math.floor(random() * POST_AGE_RANGE);
    const createdAt = minutesAgo(age);
    // At most 5 likers, all different, so the count never exceeds the people there are.
    const likeCount = Math.min(Math.floor(random() * 6), everyone.length);
    const commentCount = Math.floor(random() * 4);
    const postSeed = Math.floor(random() * 0x100000000);
    posts.push({
      _id: id,
      username: author,
      createdAt,
      score: likeCount + commentCount,
      build: () => {
        const own = drawsFrom(createRandom(postSeed));
        // An array check is cheaper than a Map for five likers.
        const likers: UserRef[] = [];
        while (likers.length < likeCount) {
          const liker = own.pick(everyone);
          if (!likers.some((ref) => ref._id === liker._id)) likers.push(refOf(liker));
        }
        const comments: Comment[] = [];
        for (let c = 1; c <= commentCount; c++) {
          const written = minutesAgo(Math.floor(own.random() * age));
          comments.push({
            _id: flat('comment-gen-', pad(i), '-', String(c)),
            username: own.pick(everyone).username,
            text: commentText(own.index(PHRASES), own.index(WORDS)),
            votes: { upvotedBy: [], downvotedBy: [] },
            createdAt: written,
            updatedAt: written,
          });
        }
        return newPostRecord({
          _id: id,
          username: author,
          content: postText(own.index(PHRASES), own.index(WORDS), own.index(WORDS)),
          likeCount,
          likedBy: likers,
          comments,
          createdAt,
        });
      },
    });
  }
  db.posts.addDeferred(posts);
}

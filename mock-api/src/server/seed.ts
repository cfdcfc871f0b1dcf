/**
 * Seed data (mock-api/rules.md, "Seed data"): 7 fictional users, 4 posts with 2 comments each, fixed ids (so a session
 * restored after a reload still matches a user) and timestamps in the past relative to the server's start.
 *
 * Like counts are kept as specified (0, 10, 5, 0). With only 6 other seed users, a count of 10 cannot be fully
 * backed by likedBy: likedBy lists the seed users who liked (never the demo user, so the demo user can like any
 * seed post), and the rest of the count stands for likes by accounts that are not part of the seed.
 */
import type { Comment, Post, UserRef } from '@murmur/mock-api-contract';
import { type Db, type UserRecord, refOf } from './db';
import { avatarUri, bannerUri, initialsOf } from './images';
import { formatTimestamp } from './time';
import { newPostRecord } from './records';

export const DEMO_ACCOUNT = {
  email: 'mira@example.com',
  password: 'murmur-demo',
  username: 'miraokafor',
} as const;

export const SEED_IDS = {
  users: {
    mira: 'user-seed-01-mira',
    tomas: 'user-seed-02-tomas',
    priya: 'user-seed-03-priya',
    jonah: 'user-seed-04-jonah',
    aiko: 'user-seed-05-aiko',
    lucia: 'user-seed-06-lucia',
    samuel: 'user-seed-07-samuel',
  },
} as const;

type SeedKey = keyof typeof SEED_IDS.users;

interface SeedUser {
  key: SeedKey;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  bio: string;
  link: string;
  colors: [string, string, string];
}

export const SEED_USERS: readonly SeedUser[] = [
  {
    key: 'mira',
    username: DEMO_ACCOUNT.username,
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    firstName: 'Mira',
    lastName: 'Okafor',
    bio: 'Urban gardener, weekend cyclist, collector of odd teapots.',
    link: 'https://example.com/mira',
    colors: ['#0f766e', '#14b8a6', '#134e4a'],
  },
  {
    key: 'tomas',
    username: 'tomaslind',
    email: 'tomas@example.com',
    password: 'fjord-lantern-7',
    firstName: 'Tomas',
    lastName: 'Lindqvist',
    bio: 'Builds small boats and smaller apps.',
    link: 'https://example.com/tomas',
    colors: ['#1d4ed8', '#60a5fa', '#1e3a8a'],
  },
  {
    key: 'priya',
    username: 'priyaraman',
    email: 'priya@example.com',
    password: 'monsoon-ink-42',
    firstName: 'Priya',
    lastName: 'Raman',
    bio: 'Illustrator. Draws the city one rooftop at a time.',
    link: 'https://example.com/priya',
    colors: ['#be123c', '#fb7185', '#881337'],
  },
  {
    key: 'jonah',
    username: 'jonahwhit',
    email: 'jonah@example.com',
    password: 'quiet-harbor-19',
    firstName: 'Jonah',
    lastName: 'Whitfield',
    bio: 'Night-shift baker and amateur astronomer.',
    link: 'https://example.com/jonah',
    colors: ['#b45309', '#fbbf24', '#78350f'],
  },
  {
    key: 'aiko',
    username: 'aikotanabe',
    email: 'aiko@example.com',
    password: 'paper-crane-88',
    firstName: 'Aiko',
    lastName: 'Tanabe',
    bio: 'Runs a tiny bookshop with a very large cat.',
    link: 'https://example.com/aiko',
    colors: ['#7c3aed', '#c4b5fd', '#4c1d95'],
  },
  {
    key: 'lucia',
    username: 'luciaferr',
    email: 'lucia@example.com',
    password: 'citrus-tide-31',
    firstName: 'Lucía',
    lastName: 'Ferreira',
    bio: 'Marine biologist. Mostly talks about octopuses.',
    link: 'https://example.com/lucia',
    colors: ['#0e7490', '#67e8f9', '#164e63'],
  },
  {
    key: 'samuel',
    username: 'samadeyemi',
    email: 'samuel@example.com',
    password: 'copper-kite-56',
    firstName: 'Samuel',
    lastName: 'Adeyemi',
    bio: 'Teaches chemistry, plays bass badly, cooks jollof well.',
    link: 'https://example.com/samuel',
    colors: ['#4d7c0f', '#a3e635', '#365314'],
  },
];

/** Who follows whom: [follower, followed]. The demo user follows some people and not others, so both buttons show. */
const FOLLOWS: [SeedKey, SeedKey][] = [
  ['mira', 'tomas'],
  ['mira', 'priya'],
  ['tomas', 'mira'],
  ['tomas', 'aiko'],
  ['priya', 'mira'],
  ['priya', 'lucia'],
  ['jonah', 'tomas'],
  ['aiko', 'samuel'],
  ['aiko', 'mira'],
  ['lucia', 'priya'],
  ['samuel', 'jonah'],
];

interface SeedComment {
  id: string;
  by: SeedKey;
  text: string;
  minutesAgo: number;
}

interface SeedPost {
  id: string;
  author: SeedKey;
  content: string;
  likeCount: number;
  likedBy: SeedKey[];
  minutesAgo: number;
  comments: [SeedComment, SeedComment];
}

// Every post and comment has a distinct age, so Latest and Trending orders are deterministic.
const SEED_POSTS: SeedPost[] = [
  {
    id: 'post-seed-01',
    author: 'tomas',
    content: 'Finished varnishing the little rowboat today. She floats, and so does my mood.',
    likeCount: 0,
    likedBy: [],
    minutesAgo: 95,
    comments: [
      { id: 'comment-seed-01-a', by: 'mira', text: 'Name her something grand!', minutesAgo: 80 },
      { id: 'comment-seed-01-b', by: 'jonah', text: 'Maiden voyage photos please.', minutesAgo: 70 },
    ],
  },
  {
    id: 'post-seed-02',
    author: 'priya',
    content: 'New sketchbook, first page: the water towers on Elm Street at sunrise.',
    likeCount: 10,
    likedBy: ['tomas', 'jonah', 'aiko', 'lucia', 'samuel'],
    minutesAgo: 26 * 60,
    comments: [
      { id: 'comment-seed-02-a', by: 'aiko', text: 'I would frame this in the shop window.', minutesAgo: 25 * 60 },
      { id: 'comment-seed-02-b', by: 'lucia', text: 'The light on the left tower is perfect.', minutesAgo: 23 * 60 },
    ],
  },
  {
    id: 'post-seed-03',
    author: 'jonah',
    content: 'Saw Saturn through the bakery skylight at 4am. Croissants and rings.',
    likeCount: 5,
    likedBy: ['tomas', 'priya', 'aiko', 'lucia', 'samuel'],
    minutesAgo: 3 * 24 * 60,
    comments: [
      { id: 'comment-seed-03-a', by: 'samuel', text: 'Best shift perk ever.', minutesAgo: 3 * 24 * 60 - 30 },
      { id: 'comment-seed-03-b', by: 'tomas', text: 'Save me a croissant next time.', minutesAgo: 2 * 24 * 60 },
    ],
  },
  {
    id: 'post-seed-04',
    author: 'aiko',
    content: 'The shop cat has claimed the poetry shelf. Poetry is now closed.',
    likeCount: 0,
    likedBy: [],
    minutesAgo: 7 * 24 * 60,
    comments: [
      { id: 'comment-seed-04-a', by: 'priya', text: 'A cat of refined taste.', minutesAgo: 6 * 24 * 60 },
      {
        id: 'comment-seed-04-b',
        by: 'samuel',
        text: 'Can I borrow a book if I bring treats?',
        minutesAgo: 5 * 24 * 60,
      },
    ],
  },
];

const MINUTE = 60_000;

export function seedDb(db: Db, now: number): void {
  const byKey = new Map<SeedKey, UserRecord>();
  const joined = formatTimestamp(now - 30 * 24 * 60 * MINUTE);
  for (const seed of SEED_USERS) {
    const [pic, bannerFrom, bannerTo] = seed.colors;
    const record: UserRecord = {
      _id: SEED_IDS.users[seed.key],
      username: seed.username,
      email: seed.email,
      password: seed.password,
      firstName: seed.firstName,
      lastName: seed.lastName,
      profilePic: avatarUri(initialsOf(seed.firstName, seed.lastName, seed.username), pic),
      profileBanner: bannerUri(bannerFrom, bannerTo),
      bio: seed.bio,
      link: seed.link,
      followers: [],
      following: [],
      bookmarks: [],
      createdAt: joined,
      updatedAt: joined,
    };
    byKey.set(seed.key, record);
    db.users.set(record._id, record);
  }
  const user = (key: SeedKey): UserRecord => {
    const record = byKey.get(key);
    if (!record) throw new Error(`seed user ${key} missing`);
    return record;
  };
  const ref = (key: SeedKey): UserRef => refOf(user(key));

  for (const [follower, followed] of FOLLOWS) db.users.follow(user(follower), user(followed));

  const posts: Post[] = [];
  for (const seed of SEED_POSTS) {
    const created = formatTimestamp(now - seed.minutesAgo * MINUTE);
    const comments: Comment[] = seed.comments.map((comment) => {
      const at = formatTimestamp(now - comment.minutesAgo * MINUTE);
      return {
        _id: comment.id,
        username: user(comment.by).username,
        text: comment.text,
        votes: { upvotedBy: [], downvotedBy: [] },
        createdAt: at,
        updatedAt: at,
      };
    });
    posts.push(
      newPostRecord({
        _id: seed.id,
        username: user(seed.author).username,
        content: seed.content,
        likeCount: seed.likeCount,
        likedBy: seed.likedBy.map(ref),
        comments,
        createdAt: created,
      }),
    );
  }
  db.posts.addMany(posts);
}

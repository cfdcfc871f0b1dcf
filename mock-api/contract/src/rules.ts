/**
 * The input rules of the back end, written once: every limit, pattern and message a write is checked against. Pure (no
 * Mirage, no refusals): `validation.ts` applies them to request bodies, mock-api/rules.md ("Input rules") and the
 * tests read them here.
 *
 * Lengths are counted in characters (Unicode code points), not UTF-16 units, so an emoji counts once. Text made only
 * of whitespace and invisible characters (zero-width spaces, joiners, direction marks, fillers) counts as empty.
 * Every pattern runs in linear time: no nested or overlapping quantifiers, and lengths are checked before patterns.
 */

export const LIMITS = {
  nameLength: 50,
  usernameLength: 30,
  emailLength: 254,
  passwordLength: 128,
  bioLength: 500,
  linkLength: 2048,
  /** An http(s) picture address is a link; an inline `data:image/` picture may be up to 1 MiB of text. */
  pictureUrlLength: 2048,
  pictureDataLength: 1024 * 1024,
  postLength: 2000,
  commentLength: 2000,
  /** A request body is read only up to this size: two 1 MiB pictures in one profile edit, and the rest, fit. */
  bodyLength: 3 * 1024 * 1024,
  /** An address under /api longer than this (ids in it included) matches no route: 404, without routing it. */
  pathLength: 1024,
  /** The most items one page of a paged read (paging.ts) holds: `limit` from 1 to this. */
  pageLimit: 100,
} as const;

export const RULE_MESSAGES = {
  POST_EMPTY: 'Post content cannot be empty.',
  POST_TOO_LONG: `Post content cannot be longer than ${LIMITS.postLength} characters.`,
  COMMENT_EMPTY: 'Comment text cannot be empty.',
  COMMENT_TOO_LONG: `Comment text cannot be longer than ${LIMITS.commentLength} characters.`,
  BIO_TOO_LONG: `Bio cannot be longer than ${LIMITS.bioLength} characters.`,
  LINK_INVALID: 'Link must be an http:// or https:// URL.',
  LINK_TOO_LONG: `Link cannot be longer than ${LIMITS.linkLength} characters.`,
  BODY_TOO_LARGE: 'The request body cannot be larger than 3 MB.',
  PROFILE_DATA_REQUIRED: 'Profile data (userData) must be an object.',
  NAME_INVALID: `First and last name must be text of 1 to ${LIMITS.nameLength} characters, not blank.`,
  IMAGE_INVALID:
    `Pictures must be an http(s) URL of at most ${LIMITS.pictureUrlLength} characters ` +
    `or a data:image URL of at most 1 MB.`,
  USERNAME_INVALID:
    `Username must be 1 to ${LIMITS.usernameLength} letters, digits, dots, dashes or underscores, ` +
    'with at least one letter or digit.',
  USERNAME_RESERVED: 'That username is reserved: it is a word the app uses in addresses, or shaped like an id.',
  PASSWORD_INVALID: `Password is required and can be at most ${LIMITS.passwordLength} characters.`,
  EMAIL_INVALID: `Email must be a valid email address of at most ${LIMITS.emailLength} characters.`,
} as const;

/** Code points of `text`, counting no further than `limit + 1` so a huge string costs no more than the limit. */
export function exceedsLength(text: string, limit: number): boolean {
  // UTF-16 units are never fewer than code points, so short strings need no counting.
  if (text.length <= limit) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > limit) return true;
  }
  return false;
}

/** Whitespace, format characters (zero-width space/joiners, direction marks, BOM, soft hyphen) and blank fillers. */
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034f\u115f\u1160\u2800\u3164\uffa0]*$/u;

export const isBlank = (text: string): boolean => INVISIBLE_ONLY.test(text);

/** Post and comment text: not blank, at most the limit. */
export function textProblem(text: unknown, max: number): 'empty' | 'long' | null {
  if (typeof text !== 'string' || isBlank(text)) return 'empty';
  return exceedsLength(text, max) ? 'long' : null;
}

export const isName = (value: unknown): value is string =>
  typeof value === 'string' && !isBlank(value) && !exceedsLength(value, LIMITS.nameLength);

export const isBio = (value: unknown): value is string =>
  typeof value === 'string' && !exceedsLength(value, LIMITS.bioLength);

export const isPassword = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !exceedsLength(value, LIMITS.passwordLength);

/** A plain object (not null, not an array): what a JSON body or a token part must be before its fields are read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value as an absolute http(s) URL (normalised by `URL`), or null for anything else. The back end stores a link
 * only if it passes; a page shows a stored link as a link only if it passes too, since stored data is never trusted
 * to be safe (a `javascript:` or `data:` URL would run or show arbitrary content).
 */
export function toHttpUrl(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

const isHttpUrl = (value: string, max: number): boolean => !exceedsLength(value, max) && toHttpUrl(value) !== null;

/** A link is an http(s) URL; '' clears it. */
export function linkProblem(value: string): 'invalid' | 'long' | null {
  if (value === '') return null;
  if (exceedsLength(value, LIMITS.linkLength)) return 'long';
  return isHttpUrl(value, LIMITS.linkLength) ? null : 'invalid';
}

/** `data:image/<type>[;param...],<data>`: the prefix is matched anchored and unambiguously (`;` and `,` excluded). */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(?:;[^;,]*)*,/i;

export const isPicture = (value: unknown): value is string =>
  typeof value === 'string' &&
  (isHttpUrl(value, LIMITS.pictureUrlLength) ||
    (!exceedsLength(value, LIMITS.pictureDataLength) && DATA_IMAGE.test(value)));

/**
 * One `@`, a local part, and a domain of dot-separated labels. Dots and `@` are outside the classes they separate,
 * so the pattern cannot backtrack; the length is checked first anyway.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const isEmail = (value: string): boolean =>
  !exceedsLength(value, LIMITS.emailLength) && EMAIL_PATTERN.test(value);

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Usernames appear in profile URLs (`/profile/<username>`) and in `GET /users/<username>`. */
export const isUsernameShape = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= LIMITS.usernameLength &&
  USERNAME_PATTERN.test(value) &&
  /[A-Za-z0-9]/.test(value);

/** Every record id starts with its kind and a dash (see db.ts), so no username may: it would shadow an id. */
const ID_SHAPE = /^(?:user|post|comment)-/i;

export const isIdShaped = (value: string): boolean => ID_SHAPE.test(value);

/**
 * Path segments of the API (`/api/users/bookmark`, `/api/posts/user/...`) and of the app (`/bookmark`, `/explore`,
 * `/profile/...`), the dot segments a browser resolves away, and what a client that lost a value puts in a URL.
 * A username equal to one of these (in any case) would make a profile unreachable or shadow a route.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  '.',
  '..',
  'api',
  'auth',
  'signup',
  'login',
  'logout',
  'posts',
  'post',
  'newer',
  'user',
  'users',
  'edit',
  'like',
  'dislike',
  'comments',
  'comment',
  'add',
  'delete',
  'upvote',
  'downvote',
  'bookmark',
  'bookmarks',
  'remove-bookmark',
  'follow',
  'unfollow',
  'explore',
  'profile',
  'null',
  'undefined',
]);

export const isReservedUsername = (value: string): boolean =>
  RESERVED_USERNAMES.has(value.toLowerCase()) || isIdShaped(value);

/** Usernames are unique without regard to case. */
export const sameUsername = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Older clients send the sign-up email as `username`. The account gets that email and a username made from its
 * local part: lower case, only username characters, cut to fit, then `2`, `3`, ... appended until it is free.
 */
export function usernameFromEmail(email: string, isTaken: (username: string) => boolean): string {
  const local = email
    .slice(0, email.indexOf('@'))
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');
  let base = /[a-z0-9]/.test(local) ? local : 'member';
  if (isReservedUsername(base)) base = `${base}-member`.replace(/^(user|post|comment)-/, '$1_');
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : String(n);
    const candidate = `${base.slice(0, LIMITS.usernameLength - suffix.length)}${suffix}`;
    if (!isReservedUsername(candidate) && !isTaken(candidate)) return candidate;
  }
}

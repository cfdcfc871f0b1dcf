import { LIMITS, RULE_MESSAGES } from './rules';

/**
 * Every refusal message of the back end (mock-api/rules.md, "Errors"): the catalogue the original client knows, with
 * its exact texts (trailing spaces included: clients compare them), then clear messages for the cases it lacks.
 */
export const ERRORS = {
  USER_NOT_REGISTERED: 'The username you entered is not Registered. Not Found error',
  WRONG_PASSWORD: 'The credentials you entered are invalid. Unauthorized access error.',
  TOKEN_INVALID: 'The token is invalid. Unauthorized access error.',
  USERNAME_EXISTS: 'Unprocessable Entity. Username Already Exists.',
  EDIT_POST_NOT_OWNER: "Cannot edit a Post doesn't belong to the logged in User.",
  DELETE_POST_NOT_OWNER: "Cannot delete a Post doesn't belong to the logged in User.",
  ALREADY_LIKED: 'Cannot like a post that is already liked. ',
  LIKE_BELOW_ZERO: 'Cannot decrement like less than 0.',
  ALREADY_DISLIKED: 'Cannot dislike a post that is already disliked. ',
  EDIT_COMMENT_NOT_OWNER: "Cannot edit a comment doesn't belong to the User.",
  DELETE_COMMENT_NOT_OWNER: "Cannot delete a comment doesn't belong to the User.",
  ALREADY_UPVOTED: 'Cannot upvote a post that is already upvoted. ',
  ALREADY_DOWNVOTED: 'Cannot downvote a post that is already downvoted. ',
  ALREADY_BOOKMARKED: 'This Post is already bookmarked',
  NOT_BOOKMARKED: 'Post not bookmarked yet',
  ALREADY_FOLLOWING: 'User Already following',
  NOT_FOLLOWING: 'User already not following',
  // Beyond the original catalogue.
  FOLLOW_SELF: 'You cannot follow yourself',
  POST_NOT_FOUND: 'Post not found',
  COMMENT_NOT_FOUND: 'Comment not found',
  USER_NOT_FOUND: 'User not found',
  EMAIL_EXISTS: 'Unprocessable Entity. Email Already Exists.',
  INVALID_JSON: 'The request body is not valid JSON.',
  // The input rules' messages, written with their limits in rules.ts.
  ...RULE_MESSAGES,
  // The refusals of the paged reads' query parameters (paging.ts; mock-api/rules.md, "Paging").
  PAGE_LIMIT_INVALID: `limit must be a whole number from 1 to ${LIMITS.pageLimit}.`,
  PAGE_SORT_UNKNOWN: 'sort must be latest or trending.',
  PAGE_CURSOR_UNKNOWN: 'The cursor is not one this list gave out; start again without a cursor.',
  PAGE_CURSOR_OTHER_SORT: 'The cursor belongs to the other sort order; ask with the sort it was made for.',
  USERS_PAGE_SORTED: 'The users list has one order (sign-up order); sort does not apply to it.',
  PAGE_PARAM_REPEATED: 'Each of limit, sort and cursor may be given once.',
  NEWER_SINCE_INVALID: 'since must be given at most once, as the id of a post.',
} as const;

const MAX_PATH_SHOWN = 200;

export const noRouteMessage = (method: string, path: string): string =>
  `No route for ${method.toUpperCase()} ${path.length > MAX_PATH_SHOWN ? `${path.slice(0, MAX_PATH_SHOWN)}…` : path}`;

/**
 * Request-body readers: they apply the input rules of `rules.ts` to both body forms (mock-api/rules.md, "The calls")
 * and return only the fields a write is for ("Input rules"), so a client can never set likes, comments, authorship
 * or account fields. A refusal is thrown before anything is written, so a refused write changes nothing.
 */
import type { ProfileEdit } from '@murmur/mock-api-contract';
import { ERRORS } from '@murmur/mock-api-contract';
import { refuse } from './http';
import {
  LIMITS,
  isBio,
  isEmail,
  linkProblem,
  isName,
  isPassword,
  isPicture,
  isRecord,
  isReservedUsername,
  isUsernameShape,
  textProblem,
  usernameFromEmail,
} from '@murmur/mock-api-contract';

function checkText(text: unknown, max: number, emptyMessage: string, longMessage: string): string {
  const problem = textProblem(text, max);
  if (problem) return refuse(400, problem === 'empty' ? emptyMessage : longMessage);
  return text as string;
}

/** `{postData: "text"}` (the original client) or `{postData: {content}}` (older clients). */
export function readPostContent(body: Record<string, unknown>): string {
  const data = body.postData;
  const content = isRecord(data) ? data.content : data;
  return checkText(content, LIMITS.postLength, ERRORS.POST_EMPTY, ERRORS.POST_TOO_LONG);
}

/** `{commentData: "text"}` (the original client) or `{commentData: {text}}` (older clients). */
export function readCommentText(body: Record<string, unknown>): string {
  const data = body.commentData;
  const text = isRecord(data) ? data.text : data;
  return checkText(text, LIMITS.commentLength, ERRORS.COMMENT_EMPTY, ERRORS.COMMENT_TOO_LONG);
}

/** The profile fields a person may change; anything else in userData is ignored. An empty link clears it. */
export function readProfileEdit(data: unknown): ProfileEdit {
  if (!isRecord(data)) return refuse(400, ERRORS.PROFILE_DATA_REQUIRED);
  const edit: ProfileEdit = {};
  if (data.bio !== undefined) {
    if (!isBio(data.bio)) return refuse(400, ERRORS.BIO_TOO_LONG);
    edit.bio = data.bio;
  }
  if (data.link !== undefined) {
    const link = typeof data.link === 'string' ? data.link.trim() : null;
    const problem = link === null ? 'invalid' : linkProblem(link);
    if (problem) return refuse(400, problem === 'long' ? ERRORS.LINK_TOO_LONG : ERRORS.LINK_INVALID);
    edit.link = link as string;
  }
  for (const field of ['firstName', 'lastName'] as const) {
    const value = data[field];
    if (value === undefined) continue;
    if (!isName(value)) return refuse(400, ERRORS.NAME_INVALID);
    edit[field] = value.trim();
  }
  for (const field of ['profilePic', 'profileBanner'] as const) {
    const value = data[field];
    if (value === undefined) continue;
    if (!isPicture(value)) return refuse(400, ERRORS.IMAGE_INVALID);
    edit[field] = value;
  }
  return edit;
}

export interface SignupFields extends ProfileEdit {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
}

const isGiven = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

function readEmail(value: unknown): string {
  if (!isGiven(value)) return '';
  const email = typeof value === 'string' ? value.trim() : null;
  if (email === null || !isEmail(email)) return refuse(400, ERRORS.EMAIL_INVALID);
  return email;
}

/**
 * Sign-up. `isTaken` answers whether a username is in use (in any case). A `username` holding an email address is
 * an older client's sign-up: the address becomes the email and the username is derived from it.
 */
export function readSignup(body: Record<string, unknown>, isTaken: (username: string) => boolean): SignupFields {
  let { username } = body;
  let email = readEmail(body.email);
  if (typeof username === 'string' && username.includes('@')) {
    const address = readEmail(username);
    if (email !== '' && email.toLowerCase() !== address.toLowerCase()) return refuse(400, ERRORS.USERNAME_INVALID);
    email = address;
    username = usernameFromEmail(address, isTaken);
  }
  if (!isUsernameShape(username)) return refuse(400, ERRORS.USERNAME_INVALID);
  if (isReservedUsername(username)) return refuse(400, ERRORS.USERNAME_RESERVED);
  if (!isPassword(body.password)) return refuse(400, ERRORS.PASSWORD_INVALID);
  for (const field of ['firstName', 'lastName'] as const) {
    if (!isName(body[field])) return refuse(400, ERRORS.NAME_INVALID);
  }
  // The reference client sends undefined for fields it has no value for; treat them as absent.
  const profile = readProfileEdit(
    Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null)),
  );
  return {
    ...profile,
    username,
    password: body.password,
    email,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
  };
}

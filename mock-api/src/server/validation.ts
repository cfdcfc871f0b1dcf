/**
 * Request-body readers with the limits of spec 2.1. Each accepts both body forms of spec 2.2 and returns only the
 * fields a write is for (spec 2.3), so a client can never set likes, comments, authorship or account fields.
 */
import type { ProfileEdit } from '../types';
import { ERRORS, LIMITS } from './errors';
import { isPlainObject, refuse } from './http';

function checkText(text: unknown, max: number, emptyMessage: string, longMessage: string): string {
  if (typeof text !== 'string' || text.trim() === '') return refuse(400, emptyMessage);
  if (text.length > max) return refuse(400, longMessage);
  return text;
}

/** `{postData: "text"}` (Part 1) or `{postData: {content}}` (older clients). */
export function readPostContent(body: Record<string, unknown>): string {
  const data = body.postData;
  const content = isPlainObject(data) ? data.content : data;
  return checkText(content, LIMITS.postLength, ERRORS.POST_EMPTY, ERRORS.POST_TOO_LONG);
}

/** `{commentData: "text"}` (Part 1) or `{commentData: {text}}` (older clients). */
export function readCommentText(body: Record<string, unknown>): string {
  const data = body.commentData;
  const text = isPlainObject(data) ? data.text : data;
  return checkText(text, LIMITS.commentLength, ERRORS.COMMENT_EMPTY, ERRORS.COMMENT_TOO_LONG);
}

const isHttpUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const isImageSource = (value: string): boolean => isHttpUrl(value) || /^data:image\//i.test(value);

/** The profile fields a person may change; anything else in userData is ignored. An empty link clears it. */
export function readProfileEdit(data: unknown): ProfileEdit {
  if (!isPlainObject(data)) return refuse(400, ERRORS.PROFILE_DATA_REQUIRED);
  const edit: ProfileEdit = {};
  if (data.bio !== undefined) {
    if (typeof data.bio !== 'string' || data.bio.length > LIMITS.bioLength) return refuse(400, ERRORS.BIO_TOO_LONG);
    edit.bio = data.bio;
  }
  if (data.link !== undefined) {
    if (typeof data.link !== 'string') return refuse(400, ERRORS.LINK_INVALID);
    const link = data.link.trim();
    if (link !== '' && !isHttpUrl(link)) return refuse(400, ERRORS.LINK_INVALID);
    edit.link = link;
  }
  for (const field of ['firstName', 'lastName'] as const) {
    const value = data[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > LIMITS.nameLength) return refuse(400, ERRORS.NAME_INVALID);
    edit[field] = value;
  }
  for (const field of ['profilePic', 'profileBanner'] as const) {
    const value = data[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isImageSource(value)) return refuse(400, ERRORS.IMAGE_INVALID);
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

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,30}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Usernames appear in profile URLs, so they are restricted to URL-safe characters. */
export function readSignup(body: Record<string, unknown>): SignupFields {
  const { username, password } = body;
  if (typeof username !== 'string' || !USERNAME_PATTERN.test(username)) return refuse(400, ERRORS.USERNAME_INVALID);
  if (typeof password !== 'string' || password === '') return refuse(400, ERRORS.PASSWORD_REQUIRED);
  let email = '';
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    if (typeof body.email !== 'string' || !EMAIL_PATTERN.test(body.email.trim())) {
      return refuse(400, ERRORS.EMAIL_INVALID);
    }
    email = body.email.trim();
  }
  // The reference client sends undefined for fields it has no value for; treat them as absent.
  const profile = readProfileEdit(
    Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null)),
  );
  return {
    ...profile,
    username,
    password,
    email,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
  };
}

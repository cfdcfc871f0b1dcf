// @ts-check
import { Refusal } from '../refusal.js';

/** @param {string} location */
export function isS3Location(location) {
  return location.startsWith('s3://');
}

/**
 * `s3://bucket/prefix` as its bucket and the prefix every key of the store starts with ("" or "a/b/").
 * @param {string} location
 */
export function parseS3Location(location) {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(location);
  if (!match) throw new Refusal(`${location} is not s3://<bucket>/<prefix> with a valid bucket name`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Refusal(`${location}: the prefix may not hold "." or ".." segments`);
  }
  return { bucket: /** @type {string} */ (match[1]), prefix: prefix ? `${prefix}/` : '' };
}

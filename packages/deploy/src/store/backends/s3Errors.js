// @ts-check
import { S3ServiceException } from '@aws-sdk/client-s3';

/**
 * Whether an SDK call failed because there is no such object: GetObject's NoSuchKey, HeadObject's bodiless 404.
 * @param {unknown} error
 */
export function isAbsent(error) {
  const { name, $metadata } = /** @type {{ name?: string; $metadata?: { httpStatusCode?: number } }} */ (error);
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Whether an SDK call failed because a precondition (If-None-Match, If-Match) did not hold: 412 PreconditionFailed,
 * or AWS's 409 ConditionalRequestConflict for a conditional write racing another on the same key. Either way another
 * writer came first.
 * @param {unknown} error
 */
export function isPreconditionFailed(error) {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return status === 412 || (status === 409 && error.name === 'ConditionalRequestConflict');
}

// @ts-check

/**
 * Whether an SDK call failed because there is no such object: GetObject's NoSuchKey, HeadObject's bodiless 404.
 * @param {unknown} error
 */
export function isAbsent(error) {
  const { name, $metadata } = /** @type {{ name?: string; $metadata?: { httpStatusCode?: number } }} */ (error);
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

// @ts-check
// How the store's commands reach the S3 server of the tests (s3Server.js), without loading the server itself: for
// browser tests to set in their environment.

/** s3rver's own credentials; it checks signatures against them. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The bucket every server started by s3Server.js holds. */
export const s3ServerBucket = 'murmur-store';

/**
 * What a store command needs to reach the server at `endpoint`: the SDK's credentials and region, and the endpoint.
 * @param {string} endpoint
 */
export function s3ServerEnv(endpoint) {
  return {
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_REGION: 'us-east-1',
    MURMUR_S3_ENDPOINT: endpoint,
  };
}

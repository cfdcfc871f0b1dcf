// @ts-check
import { S3Client } from '@aws-sdk/client-s3';

/**
 * A client of the S3-compatible server the environment names: MURMUR_S3_ENDPOINT (or the SDK's AWS_ENDPOINT_URL_S3,
 * AWS_ENDPOINT_URL) for a server other than AWS, addressed by path; the region from AWS_REGION (us-east-1 by
 * default); credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), else the SDK's own
 * chain (profiles, instance roles).
 * @param {Record<string, string | undefined>} env
 */
export function s3Client(env) {
  const endpoint = env.MURMUR_S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  // The SDK warns on each command's first client that its releases after January 2027 need Node 22; the version the
  // workspace pins runs on Node 20, which the project supports, and the warning would be every command's first lines.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN } }
      : {}),
  });
}

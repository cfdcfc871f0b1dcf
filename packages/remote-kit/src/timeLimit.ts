import { remoteLoadTimeLimitMs } from '@murmur/config/remotes';

/** Settles as `work` does, or fails with "`what` did not answer within 12 s" once the remote time limit has passed. */
export function withinTimeLimit<T>(work: Promise<T>, what: string, limitMs = remoteLoadTimeLimitMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${limitMs / 1000} s`)), limitMs);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

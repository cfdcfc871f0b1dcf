import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteLoadTimeLimitMs } from '@murmur/config/remotes';
import { withinTimeLimit } from './timeLimit';

describe('the remote time limit', () => {
  afterEach(() => vi.useRealTimers());

  it('fails a step that never answers once the limit has passed, naming it', async () => {
    vi.useFakeTimers();
    const stalled = withinTimeLimit(new Promise(() => {}), 'remotes.json');
    const outcome = expect(stalled).rejects.toThrow(
      `remotes.json did not answer within ${remoteLoadTimeLimitMs / 1000} s`,
    );
    await vi.advanceTimersByTimeAsync(remoteLoadTimeLimitMs);
    await outcome;
  });

  it('answers a step that settles in time', async () => {
    await expect(withinTimeLimit(Promise.resolve('module'), 'feed-mfe/app')).resolves.toBe('module');
  });

  it('is between 10 and 15 seconds', () => {
    expect(remoteLoadTimeLimitMs).toBeGreaterThanOrEqual(10_000);
    expect(remoteLoadTimeLimitMs).toBeLessThanOrEqual(15_000);
  });
});
